import * as z from 'zod';
import { CODE_LENGTH, loginPasswordProblem, usernameProblem } from './login-rules';
import { MESSAGES } from '../core/messages';

/**
 * SPEC section 5 "Login": every form of the login screen, with the product's messages.
 * Field names are the spec's form fields (section 3): username, password, newpassword,
 * confirmpassword, agree, verifcode.
 */

/** SPEC section 9: password min 8. */
export const PASSWORD_MIN_LENGTH = 8;

/** A field's rule written as a plain function (`login-rules.ts`) as a zod check: one message or none. */
function checkedBy(problem: (value: string) => string | undefined) {
  return (ctx: z.core.ParsePayload<string>): void => {
    const message = problem(ctx.value);
    if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  };
}

/** An email-shaped username (the identity service signs in by email). */
export const usernameSchema = z.string().trim().check(checkedBy(usernameProblem));

/** The password of the plain login: only required (the identity service judges it). */
export const loginPasswordSchema = z.string().check(checkedBy(loginPasswordProblem));

/** At least one number, lowercase letter, uppercase letter and special character. */
export function meetsPasswordComplexity(password: string): boolean {
  return /\d/.test(password) && /[a-z]/.test(password) && /[A-Z]/.test(password) && /[^A-Za-z0-9]/.test(password);
}

/** A password the user chooses (new password, reset, sign-up): required, min 8, complexity. */
export const newPasswordSchema = z
  .string()
  .min(1, { error: MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordMin8 })
  .refine(meetsPasswordComplexity, { error: MESSAGES.passwordComplexity });

/** A code sent by email or text: required and exactly six digits. */
export const verificationCodeSchema = z
  .string()
  .trim()
  .min(1, { error: MESSAGES.verificationCodeRequired })
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: MESSAGES.verificationCodeInvalid });

type MismatchMessage = typeof MESSAGES.newPasswordMismatch | typeof MESSAGES.passwordsDoNotMatch;

interface PasswordPair {
  newpassword: string;
  confirmpassword: string;
}

/**
 * Confirm equals new, reported on the confirmation field. Checked whatever the state of the
 * other fields (`when`), so the mismatch shows as soon as the user types (SPEC: on keyup).
 */
function confirmMatches<T extends z.ZodType<PasswordPair>>(schema: T, message: MismatchMessage) {
  return schema.refine((value) => value.newpassword === value.confirmpassword, {
    error: message,
    path: ['confirmpassword'],
    when: (payload) => {
      const value = payload.value as Partial<Record<keyof PasswordPair, unknown>> | undefined;
      return typeof value?.newpassword === 'string' && typeof value.confirmpassword === 'string' && value.confirmpassword !== '';
    },
  });
}

/** The confirmation field: required like the new password; equality is checked on the form. */
const confirmPasswordSchema = z.string().min(1, { error: MESSAGES.passwordRequired });

/** Mode default: username and password. */
export const loginSchema = z.object({
  username: usernameSchema,
  password: loginPasswordSchema,
});

/** Mode NewPasswordRequired: the first-login new password and its confirmation. */
export const newPasswordRequiredSchema = confirmMatches(
  z.object({ newpassword: newPasswordSchema, confirmpassword: confirmPasswordSchema }),
  MESSAGES.newPasswordMismatch,
);

/** Mode ForgotPassword: the account's email. */
export const forgotPasswordSchema = z.object({ username: usernameSchema });

/** Mode showForgotPasswordSubmit: the emailed code, the new password and its confirmation. */
export const forgotPasswordSubmitSchema = confirmMatches(
  z.object({ verifcode: verificationCodeSchema, newpassword: newPasswordSchema, confirmpassword: confirmPasswordSchema }),
  MESSAGES.passwordsDoNotMatch,
);

/** Modes MFAVerificationRequired, showResetCodeForm and verifyEmail: one six-digit code. */
export const verificationCodeFormSchema = z.object({ verifcode: verificationCodeSchema });

/** Mode showResetPasswordForm: the new password and its confirmation. */
export const resetPasswordSchema = confirmMatches(
  z.object({ newpassword: newPasswordSchema, confirmpassword: confirmPasswordSchema }),
  MESSAGES.newPasswordMismatch,
);

/**
 * Mode UserNotConfirmed: the sign-up form, its account fields filled from the sign-in and
 * locked; Create User needs valid fields, matching passwords, the code and the terms ticked.
 */
export const confirmSignUpSchema = confirmMatches(
  z.object({
    username: usernameSchema,
    newpassword: newPasswordSchema,
    confirmpassword: confirmPasswordSchema,
    verifcode: verificationCodeSchema,
    agree: z.boolean().refine((agreed) => agreed, { error: MESSAGES.agreeTerms }),
  }),
  MESSAGES.passwordsDoNotMatch,
);

export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;
export type NewPasswordRequiredInput = z.input<typeof newPasswordRequiredSchema>;
export type NewPasswordRequiredValues = z.output<typeof newPasswordRequiredSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordValues = z.output<typeof forgotPasswordSchema>;
export type ForgotPasswordSubmitInput = z.input<typeof forgotPasswordSubmitSchema>;
export type ForgotPasswordSubmitValues = z.output<typeof forgotPasswordSubmitSchema>;
export type VerificationCodeInput = z.input<typeof verificationCodeFormSchema>;
export type VerificationCodeValues = z.output<typeof verificationCodeFormSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;
export type ConfirmSignUpInput = z.input<typeof confirmSignUpSchema>;
export type ConfirmSignUpValues = z.output<typeof confirmSignUpSchema>;
