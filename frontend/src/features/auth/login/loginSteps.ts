import { loadAllTexts } from '../../../i18n';

/**
 * The login screen's later modes (`LoginStepForm`), a chunk of their own, with the whole
 * catalogue: the first form came with the sign-in page's slice of it only.
 */
export const loadLoginSteps = () => Promise.all([import('./LoginStepForm'), loadAllTexts()]).then(([steps]) => steps);

/**
 * Fetches them ahead, as the first form is submitted, so the next form is there when the
 * identity service answers; a failure here is left to the lazy form, which tries again and says so.
 */
export function prefetchLoginSteps(): void {
  loadLoginSteps().catch(() => undefined);
}
