import { MESSAGES } from '@domain/core/messages';

/**
 * A failed API call: the HTTP status (0 when the server could not be reached) and the
 * message to show, which is the server's `{ "message" }` when it sent one (SPEC section 7:
 * "the server message, else the generic message, else An error occurred").
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string = MESSAGES.genericError,
  ) {
    super(message);
  }
}

/** Reads the `{ "message": ... }` body of a failed response, whatever else it holds. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let message: string = MESSAGES.genericError;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const candidate = body.message;
      if (typeof candidate === 'string' && candidate.trim() !== '') message = candidate;
    }
  } catch {
    // Not JSON (a proxy's error page, an empty body): the generic message stands.
  }
  return new ApiError(response.status, message);
}

/** The message to show for anything a call may throw. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.genericError;
}
