/**
 * The API's refusals that belong to a proxy session (issue 16 section 3), by error code: they
 * never log the real user out. Only a caller acting for an organisation meets them, never the
 * sign-in page (whose texts are a slice of the catalogue: i18n/loginTexts.ts).
 */
const PROXY_REFUSALS: ReadonlySet<string> = new Set(['proxySessionEnded', 'proxyOrganisationDisabled', 'proxyReadOnly', 'proxyCannotSign', 'proxyAlreadyActive']);
/** Those that say the proxy session is over: the main user comes back. */
const PROXY_OVER: ReadonlySet<string> = new Set(['proxySessionEnded', 'proxyOrganisationDisabled']);

export const isProxyRefusal = (code: string): boolean => PROXY_REFUSALS.has(code);
export const isProxyOver = (code: string): boolean => PROXY_OVER.has(code);
