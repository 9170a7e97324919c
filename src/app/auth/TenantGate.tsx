import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTenantInfo } from '../api/tenant';
import { useClearMfaMarker } from './mfa-marker';
import { DomainEntryPage, isLoginHost } from '../pages/system/DomainEntryPage';

/** Root of every route: the domain-entry page on login.* hosts, /403 when the tenant cannot be used. */
export function TenantGate() {
  const tenant = useTenantInfo();
  const navigate = useNavigate();
  const location = useLocation();
  const loginHost = isLoginHost(window.location.hostname);
  useClearMfaMarker();
  const blocked = tenant.data && !tenant.data.ok && tenant.data.status > 300 ? tenant.data.message : undefined;

  useEffect(() => {
    if (!loginHost && blocked !== undefined && location.pathname !== '/403') {
      navigate(`/403?message=${encodeURIComponent(blocked)}`, { replace: true });
    }
  }, [blocked, loginHost, location.pathname, navigate]);

  if (loginHost) return <DomainEntryPage />;
  return <Outlet />;
}
