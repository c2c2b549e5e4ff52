/** The login screen's later modes (`LoginStepForm`), a chunk of their own. */
export const loadLoginSteps = () => import('./LoginStepForm');

/**
 * Fetches them ahead, as the first form is submitted, so the next form is there when the
 * identity service answers; a failure here is left to the lazy form, which tries again and says so.
 */
export function prefetchLoginSteps(): void {
  loadLoginSteps().catch(() => undefined);
}
