/** Only same-site relative paths are followed after sign-in; anything else goes home. */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/authentication') || value.startsWith('/logout')) return '/';
  return value;
}

export const loginUrl = (returnUrl: string) =>
  `/authentication/login${returnUrl && returnUrl !== '/' ? `?ReturnUrl=${encodeURIComponent(returnUrl)}` : ''}`;
