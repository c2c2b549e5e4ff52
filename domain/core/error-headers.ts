/**
 * Where the code and field of an error travel in an API response, beside the `{ message }` body.
 * A module of its own (re-exported by errors.ts) so the browser's API client reads them without
 * loading every product message (docs/performance.md "First load").
 */
export const ERROR_CODE_HEADER = 'x-error-code';
export const ERROR_FIELD_HEADER = 'x-error-field';
