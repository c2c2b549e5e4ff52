export const DEFAULT_LANDING = '/app/dashboard';

/** SPEC section 2: after sign-in the `redirect` parameter is honoured only for direct-report links. */
export function landingAfterSignIn(redirect: string | null): string {
  return redirect !== null && redirect.startsWith('/') && redirect.includes('app/direct-report') ? redirect : DEFAULT_LANDING;
}
