import { MESSAGES } from './messages';

/**
 * Typed errors of the product's rules. Each carries the message a user sees (the spec's
 * words) and a kind; the back end maps kinds to HTTP statuses in one place.
 */
export type DomainErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  /** The request, or what it would store, is larger than the product takes. */
  | 'too-large';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Field-level details for validation errors: path -> message. */
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string, details?: Record<string, string>) =>
  new DomainError('validation', message, details);
export const notFound = (message: string = MESSAGES.notFound) => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const forbidden = (message: string = MESSAGES.noPageAccess) => new DomainError('forbidden', message);
export const unauthorized = (message: string = MESSAGES.sessionTimeout) => new DomainError('unauthorized', message);
export const tooLarge = (message: string = MESSAGES.requestTooLarge) => new DomainError('too-large', message);
