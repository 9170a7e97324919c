import { useEffect, type ReactNode } from 'react';
import { Button } from '@blueprintjs/core';
import { useAtom, useAtomValue } from 'jotai';
import { LANGUAGES, setLanguage, type Language } from '../i18n';
import { configAtom } from '../state/auth';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageErrorBoundary } from './ErrorBoundary';
import { useModuleTree, useMenu } from './api';
import { Footer, RouteProgress, ScrollTop, Splash } from './Chrome';
import { HeaderMenu } from './HeaderMenu';
import { mobileHeaderOpenAtom, mobileSidebarOpenAtom, sidebarMinimisedAtom } from './layout';
import { Sidebar } from './Sidebar';
import { useLayoutConfig } from './layout-config';
import './shell.css';
import { SubHeader } from './SubHeader';
import { Topbar } from './Topbar';

/** The signed-in application shell around every page (spec section 2, Shell layout). */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const menu = useMenu();
  const tree = useModuleTree();
  const { pathname } = useLocation();
  const config = useAtomValue(configAtom);
  const uid = config?.userInfo?.uid;
  const preferred = config?.userInfo?.preference?.language;
  // The profile's language applies once per sign-in; the topbar switch may override it for the session.
  useEffect(() => {
    if (!uid || typeof preferred !== 'string' || !(LANGUAGES as readonly string[]).includes(preferred)) return;
    const key = `language.applied.${uid}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    void setLanguage(preferred as Language);
  }, [uid, preferred]);
  const { primaryColor } = useLayoutConfig();
  useEffect(() => document.documentElement.style.setProperty('--primary', primaryColor), [primaryColor]);
  const minimised = useAtomValue(sidebarMinimisedAtom);
  const [sidebarOpen, setSidebarOpen] = useAtom(mobileSidebarOpenAtom);
  const [headerOpen, setHeaderOpen] = useAtom(mobileHeaderOpenAtom);
  return (
    <div
      className={`shell${minimised ? ' sidebar-minimised' : ''}${sidebarOpen ? ' mobile-sidebar-open' : ''}${headerOpen ? ' mobile-header-open' : ''}`}
    >
      <RouteProgress />
      <Splash loading={menu.isLoading || tree.isLoading} />
      <div className="mobile-header">
        <span className="sidebar-logo">{t('SHELL.BRAND')}</span>
        <Button
          variant="minimal"
          icon="menu"
          aria-label={t('SHELL.MOBILE.SIDEBAR')}
          aria-expanded={sidebarOpen}
          onClick={() => setSidebarOpen(!sidebarOpen)}
        />
        <Button
          variant="minimal"
          icon="more"
          aria-label={t('SHELL.MOBILE.HEADER')}
          aria-expanded={headerOpen}
          onClick={() => setHeaderOpen(!headerOpen)}
        />
      </div>
      <Sidebar />
      {sidebarOpen && <div className="shell-backdrop" onClick={() => setSidebarOpen(false)} aria-hidden="true" />}
      <div className="shell-main">
        <header
          className="shell-header"
          onClick={(e) => (e.target as HTMLElement).closest('a') && setHeaderOpen(false)}
        >
          <HeaderMenu items={menu.data ?? []} />
          <Topbar />
        </header>
        <SubHeader menu={menu.data ?? []} tree={tree.data ?? []} />
        <main className="shell-content" id="main">
          <PageErrorBoundary resetKey={pathname}>{children}</PageErrorBoundary>
        </main>
        <Footer />
      </div>
      <ScrollTop />
    </div>
  );
}
