import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { clearMfaMarker } from '../api/identity';

const KEY = 'mfa.marker';
/** The pages that need the second-factor marker cookie (it is httpOnly: the server clears it). */
export const MFA_PAGES = ['/authentication/mfa', '/authentication/setup-mfa'];

/** The sign-in went on to a second-factor page: the server set its marker. */
export const markerSet = () => sessionStorage.setItem(KEY, '1');

/** On any other page the marker is cleared (spec section 9), once per marker. */
export function useClearMfaMarker() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (MFA_PAGES.includes(pathname.replace(/\/$/, '')) || !sessionStorage.getItem(KEY)) return;
    sessionStorage.removeItem(KEY);
    void clearMfaMarker();
  }, [pathname]);
}
