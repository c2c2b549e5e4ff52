import { ERROR_CODE_HEADER, ERROR_FIELD_HEADER } from '@domain/core/error-headers';
import { LOGIN_MESSAGES } from '@domain/core/login-messages';

/** What the API says an error is beside its message: a stable code, and the input it is about. */
export interface ApiErrorDetail {
  /** The catalogue key of the message (`MESSAGES`), or the refusal's kind for another message. */
  code?: string | undefined;
  /** The input field the error is about (a dotted path for nested inputs). */
  field?: string | undefined;
}

/**
 * A failed API call: the HTTP status (0 when the server could not be reached), the message
 * to show, which is the server's `{ "message" }` when it sent one (SPEC section 7: "the
 * server message, else the generic message, else An error occurred"), and the code and
 * field the server gave, by which screens translate it and place it in a form.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string | undefined;
  readonly field: string | undefined;

  constructor(
    readonly status: number,
    message: string = LOGIN_MESSAGES.genericError,
    detail: ApiErrorDetail = {},
  ) {
    super(message);
    this.code = detail.code;
    this.field = detail.field;
  }
}

const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** Reads the `{ "message": ... }` body of a failed response and the code and field beside it. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let message: string = LOGIN_MESSAGES.genericError;
  // The API sends the code and field as headers (domain/core/errors.ts); a body naming them is read too.
  let code = nonEmpty(response.headers.get(ERROR_CODE_HEADER));
  let field = nonEmpty(response.headers.get(ERROR_FIELD_HEADER));
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const fields = body as Record<string, unknown>;
      message = nonEmpty(fields['message']) ?? message;
      code = nonEmpty(fields['code']) ?? code;
      field = nonEmpty(fields['field']) ?? field;
    }
  } catch {
    // Not JSON (a proxy's error page, an empty body): the generic message stands.
  }
  // A body naming no message leaves the generic one, which is the product's own: it has its code.
  return new ApiError(response.status, message, { code: code ?? (message === LOGIN_MESSAGES.genericError ? 'genericError' : undefined), field });
}

/** The message to show for anything a call may throw. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : LOGIN_MESSAGES.genericError;
}
