import { useNavigate, useSearchParams } from 'react-router-dom';
import { authStore, isoAtom, type SignInData } from '../state/auth';
import { nextStep } from './sign-in-flow';
import { safeReturnUrl } from './return-url';
import { startSession } from './session';
import { markerSet } from './mfa-marker';

/** Applies a sign-in answer: goes to the next screen of the flow, or starts the session and returns to ReturnUrl. */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('ReturnUrl'));
  const carry = returnUrl !== '/' ? `?ReturnUrl=${encodeURIComponent(returnUrl)}` : '';
  return async (data: SignInData, delayMs = 0): Promise<boolean> => {
    authStore.set(isoAtom, data);
    const step = nextStep(data);
    switch (step.kind) {
      case 'setup-mfa':
        markerSet();
        navigate(`/authentication/setup-mfa${carry}`);
        return true;
      case 'mfa':
        markerSet();
        navigate(`/authentication/mfa${carry}`);
        return true;
      case 'password-expired':
        navigate(`/authentication/password-expired?id=${encodeURIComponent(step.userId)}`);
        return true;
      case 'session':
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        await startSession({
          token: data.token!,
          refreshToken: data.refreshToken ?? '',
          expiresAt: data.expiresAt ?? '',
        });
        navigate(returnUrl, { replace: true });
        return true;
      default:
        return false;
    }
  };
}
