import { useEffect, useRef, useState } from 'react';
import { Button, ProgressBar, Spinner, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

const SCROLL_OFFSET = 120;
const SCROLL_SPEED_MS = 300;
const PROGRESS_STEP = 0.1;
const PROGRESS_TICK_MS = 30;
const PROGRESS_RESET_MS = 300;
const SPLASH_FALLBACK_MS = 3000;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="shell-footer">
      <span>
        © {new Date().getFullYear()} {t('SHELL.BRAND')}
      </span>
    </footer>
  );
}

/** Appears after 120 px of scrolling; scrolls back to the top in about 300 ms. */
export function ScrollTop() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SCROLL_OFFSET);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const toTop = () => {
    const start = window.scrollY;
    const t0 = performance.now();
    const step = (now: number) => {
      const k = Math.min(1, (now - t0) / SCROLL_SPEED_MS);
      window.scrollTo(0, start * (1 - k));
      if (k < 1) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  };
  if (!shown) return null;
  return (
    <Button
      className="scroll-top"
      intent={Intent.PRIMARY}
      icon="arrow-up"
      aria-label={t('SHELL.SCROLL_TOP')}
      onClick={toTop}
      data-testid="scroll-top"
    />
  );
}

/** A thin bar at the top on every route change: +10% every 30 ms, then gone 300 ms after it is full. */
export function RouteProgress() {
  const { pathname } = useLocation();
  const [value, setValue] = useState<number | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let v = 0;
    let reset: ReturnType<typeof setTimeout> | undefined;
    setValue(0);
    const tick = setInterval(() => {
      v = Math.min(1, v + PROGRESS_STEP);
      setValue(v);
      if (v >= 1) {
        clearInterval(tick);
        reset = setTimeout(() => setValue(null), PROGRESS_RESET_MS);
      }
    }, PROGRESS_TICK_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(reset);
    };
  }, [pathname]);
  if (value === null) return null;
  return (
    <div className="route-progress" data-testid="route-progress">
      <ProgressBar value={value} intent={Intent.PRIMARY} animate={false} stripes={false} />
    </div>
  );
}

/** Covers the shell until its first data has loaded, or for at most 3 s. */
export function Splash({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setExpired(true), SPLASH_FALLBACK_MS);
    return () => clearTimeout(id);
  }, []);
  if (!loading || expired) return null;
  return (
    <div className="splash" role="status" aria-label={t('SHELL.LOADING')} data-testid="splash">
      <Spinner size={48} />
    </div>
  );
}
