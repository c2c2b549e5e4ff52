import { randomInt } from 'node:crypto';
import type { PasswordPolicy } from './cognito-local';
import { cognitoError } from './errors';

/** The characters Cognito counts as symbols in a password (its documented set, and space). */
const SYMBOLS = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ');

/**
 * The reason a password breaks the pool's policy, in Cognito's words, or undefined. Cognito
 * names the first rule broken, in this order.
 */
export function passwordPolicyViolation(policy: PasswordPolicy | undefined, password: string): string | undefined {
  const minimum = policy?.MinimumLength ?? 8;
  if (password.length < minimum) return 'Password not long enough';
  if (policy?.RequireUppercase && !/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (policy?.RequireLowercase && !/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (policy?.RequireNumbers && !/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (policy?.RequireSymbols && ![...password].some((character) => SYMBOLS.has(character))) {
    return 'Password must have symbol characters';
  }
  return undefined;
}

/** Throws InvalidPasswordException as Cognito does when a new password breaks the policy. */
export function assertPasswordConforms(policy: PasswordPolicy | undefined, password: string): void {
  const violation = passwordPolicyViolation(policy, password);
  if (violation !== undefined) {
    throw cognitoError('InvalidPasswordException', `Password does not conform to policy: ${violation}`);
  }
}

/** A temporary password that meets the policy, as Cognito generates for invitations. */
export function generateTemporaryPassword(): string {
  const pick = (alphabet: string) => alphabet.charAt(randomInt(alphabet.length));
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const lower = 'abcdefghijkmnopqrstuvwxyz';
  const digits = '23456789';
  const all = upper + lower + digits;
  const characters = [pick(upper), pick(lower), pick(digits), pick('#%&!@^*')];
  while (characters.length < 12) characters.push(pick(all));
  // Shuffled (each character inserted at a random place), so the required ones are not always first.
  const shuffled: string[] = [];
  for (const character of characters) shuffled.splice(randomInt(shuffled.length + 1), 0, character);
  return shuffled.join('');
}
