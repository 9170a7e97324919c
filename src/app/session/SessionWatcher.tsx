import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { authTokenAtom } from '../state/auth';
import { refreshSession } from '../auth/session';
import { isOutOfResources } from './refresh-errors';
import { toastError } from '../components/toaster';
import { countdown, issuedAt, sessionPhase, type SessionPhase } from './timing';

const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'touchstart', 'scroll'] as const;
const LOGOUT_AFTER_EXPIRY_MS = 3000;

/**
 * Keeps the session alive for active users and warns idle ones: activity during the watch window refreshes
 * silently at the warning point; otherwise the dialog counts down, and at zero the user is signed out.
 */
export function SessionWatcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAtomValue(authTokenAtom);
  const [now, setNow] = useState(Date.now());
  const active = useRef(false);
  const refreshing = useRef(false);

  const exp = token ? Date.parse(token.expiresAt) : 0;
  const lifetime = token ? exp - (issuedAt(token.token) ?? exp - 15 * 60_000) : 0;
  const phase: SessionPhase = token ? sessionPhase(exp, lifetime, now) : 'fresh';

  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);

  useEffect(() => {
    active.current = false;
  }, [token?.token]);

  useEffect(() => {
    if (phase !== 'watch') return;
    const mark = () => (active.current = true);
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, mark, { passive: true });
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, mark);
    };
  }, [phase]);

  const refresh = async () => {
    if (refreshing.current) return;
    refreshing.current = true;
    try {
      await refreshSession();
    } catch (err) {
      if (isOutOfResources(err)) {
        // The browser could not send the request at all (spec: only a warning); the next activity tries again.
        console.warn('The session could not be refreshed just now; it will be tried again.', err);
        return;
      }
      void toastError(t('SESSION.REFRESH_FAILED'));
      navigate('/logout');
    } finally {
      refreshing.current = false;
    }
  };

  useEffect(() => {
    if (phase === 'warn' && active.current) void refresh();
    if (phase === 'expired') {
      const id = setTimeout(() => navigate('/logout'), LOGOUT_AFTER_EXPIRY_MS);
      return () => clearTimeout(id);
    }
  }, [phase]);

  const open = (phase === 'warn' && !active.current) || phase === 'expired';
  return (
    <Dialog
      isOpen={open}
      title={phase === 'expired' ? t('SESSION.EXPIRED') : t('SESSION.EXPIRING')}
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
    >
      <DialogBody>
        {phase === 'expired' ? (
          <p>{t('SESSION.LOGGED_OUT')}</p>
        ) : (
          <p>
            {t('SESSION.EXPIRES_IN')} <strong data-testid="session-countdown">{countdown(exp - now)}</strong>
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          phase === 'expired' ? (
            <Button intent={Intent.PRIMARY} text={t('COMMON.OK')} onClick={() => navigate('/logout')} />
          ) : (
            <Button intent={Intent.PRIMARY} text={t('SESSION.CONTINUE')} onClick={() => void refresh()} />
          )
        }
      />
    </Dialog>
  );
}
