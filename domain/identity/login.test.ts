import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  confirmSignUpSchema,
  forgotPasswordSchema,
  forgotPasswordSubmitSchema,
  loginSchema,
  meetsPasswordComplexity,
  newPasswordRequiredSchema,
  newPasswordSchema,
  resetPasswordSchema,
  verificationCodeFormSchema,
  verificationCodeSchema,
} from './login';
import { EMAIL_PATTERN, loginPasswordProblem, usernameProblem } from './login-rules';
import { MESSAGES } from '../core/messages';

/** The first message on each field, as a form shows it. */
function fieldMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '(form)';
    messages[field] ??= issue.message;
  }
  return messages;
}

const GOOD_PASSWORD = 'Fresh#2026pass';

describe('login form (mode default)', () => {
  it('requires the username, then an email shape', () => {
    expect(fieldMessages(loginSchema, { username: '', password: 'x' })).toEqual({ username: MESSAGES.usernameRequired });
    expect(fieldMessages(loginSchema, { username: '   ', password: 'x' })).toEqual({ username: MESSAGES.usernameRequired });
    expect(fieldMessages(loginSchema, { username: 'admin', password: 'x' })).toEqual({ username: MESSAGES.usernameEmail });
    expect(fieldMessages(loginSchema, { username: 'admin@demo', password: 'x' })).toEqual({ username: MESSAGES.usernameEmail });
  });

  it('requires the password, and nothing more of it', () => {
    expect(fieldMessages(loginSchema, { username: 'admin@demo.example', password: '' })).toEqual({ password: MESSAGES.passwordRequired });
    expect(loginSchema.parse({ username: ' admin@demo.example ', password: 'x' })).toEqual({ username: 'admin@demo.example', password: 'x' });
  });

  it('accepts any email-shaped username', () => {
    fc.assert(fc.property(fc.emailAddress(), (email) => {
      // fast-check's addresses follow RFC 5322; the form wants the common shape zod checks.
      const result = loginSchema.safeParse({ username: email, password: 'p' });
      if (!result.success) expect(result.error.issues[0]?.message).toBe(MESSAGES.usernameEmail);
    }));
    expect(loginSchema.safeParse({ username: 'first.last+tag@sub.example.org', password: 'p' }).success).toBe(true);
  });
});

describe('login form rules without zod (the sign-in page checks them before zod loads)', () => {
  it('uses the email shape zod checks by default', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it('says what the schema says, field by field, for any input', () => {
    const typed = fc.oneof(fc.string(), fc.emailAddress(), fc.emailAddress().map((email) => ` ${email} `), fc.constantFrom('', '  ', 'a@b', 'a@b.co'));
    fc.assert(fc.property(typed, typed, (username, password) => {
      const expected: Record<string, string> = {};
      const onUsername = usernameProblem(username);
      const onPassword = loginPasswordProblem(password);
      if (onUsername !== undefined) expected['username'] = onUsername;
      if (onPassword !== undefined) expected['password'] = onPassword;
      expect(fieldMessages(loginSchema, { username, password })).toEqual(expected);
    }));
  });
});

describe('new password rules', () => {
  it('says required first, then min 8, then complexity', () => {
    expect(fieldMessages(newPasswordSchema, '')).toEqual({ '(form)': MESSAGES.passwordRequired });
    expect(fieldMessages(newPasswordSchema, 'Ab#1')).toEqual({ '(form)': MESSAGES.passwordMin8 });
    expect(fieldMessages(newPasswordSchema, 'abcdefgh')).toEqual({ '(form)': MESSAGES.passwordComplexity });
    expect(newPasswordSchema.safeParse(GOOD_PASSWORD).success).toBe(true);
  });

  it.each([
    ['no number', 'Fresh#pass'],
    ['no lowercase', 'FRESH#2026'],
    ['no uppercase', 'fresh#2026'],
    ['no special character', 'Fresh2026pass'],
  ])('refuses a password with %s', (_case, password) => {
    expect(fieldMessages(newPasswordSchema, password)).toEqual({ '(form)': MESSAGES.passwordComplexity });
  });

  it('accepts every password of 8 or more characters with the four kinds, and refuses any other', () => {
    fc.assert(fc.property(fc.string({ maxLength: 30 }), (password) => {
      const valid = password.length >= 8 && meetsPasswordComplexity(password);
      expect(newPasswordSchema.safeParse(password).success).toBe(valid);
    }));
    fc.assert(fc.property(fc.string({ minLength: 4, maxLength: 20 }), (rest) => {
      expect(newPasswordSchema.safeParse(`aA1!${rest}`).success).toBe(true);
    }));
  });
});

describe('verification codes', () => {
  it('requires a code, then exactly six digits', () => {
    expect(fieldMessages(verificationCodeSchema, '')).toEqual({ '(form)': MESSAGES.verificationCodeRequired });
    for (const code of ['12345', '1234567', '12a456', '12 456']) {
      expect(fieldMessages(verificationCodeSchema, code)).toEqual({ '(form)': MESSAGES.verificationCodeInvalid });
    }
    expect(verificationCodeFormSchema.parse({ verifcode: ' 012345 ' })).toEqual({ verifcode: '012345' });
  });

  it('accepts every six-digit code', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
      expect(verificationCodeSchema.safeParse(String(n).padStart(6, '0')).success).toBe(true);
    }));
  });
});

describe('confirmation equals new password', () => {
  it('NewPasswordRequired and the reset form say "New Password and Confirm Password do not match"', () => {
    for (const schema of [newPasswordRequiredSchema, resetPasswordSchema]) {
      expect(fieldMessages(schema, { newpassword: GOOD_PASSWORD, confirmpassword: `${GOOD_PASSWORD}x` }))
        .toEqual({ confirmpassword: MESSAGES.newPasswordMismatch });
      expect(fieldMessages(schema, { newpassword: GOOD_PASSWORD, confirmpassword: GOOD_PASSWORD })).toEqual({});
    }
  });

  it('shows the mismatch while the new password is still invalid (checked on every keystroke)', () => {
    expect(fieldMessages(newPasswordRequiredSchema, { newpassword: 'short', confirmpassword: 'shor' }))
      .toEqual({ newpassword: MESSAGES.passwordMin8, confirmpassword: MESSAGES.newPasswordMismatch });
  });

  it('asks for the confirmation before comparing', () => {
    expect(fieldMessages(resetPasswordSchema, { newpassword: GOOD_PASSWORD, confirmpassword: '' }))
      .toEqual({ confirmpassword: MESSAGES.passwordRequired });
  });

  it('the forgot-password submit form says "Passwords do not match!" and wants the code', () => {
    expect(fieldMessages(forgotPasswordSubmitSchema, { verifcode: '', newpassword: GOOD_PASSWORD, confirmpassword: 'Other#2026pass' }))
      .toEqual({ verifcode: MESSAGES.verificationCodeRequired, confirmpassword: MESSAGES.passwordsDoNotMatch });
    expect(forgotPasswordSubmitSchema.safeParse({ verifcode: '123456', newpassword: GOOD_PASSWORD, confirmpassword: GOOD_PASSWORD }).success)
      .toBe(true);
  });
});

describe('forgot password (mode ForgotPassword)', () => {
  it('wants an email-shaped username', () => {
    expect(fieldMessages(forgotPasswordSchema, { username: '' })).toEqual({ username: MESSAGES.usernameRequired });
    expect(fieldMessages(forgotPasswordSchema, { username: 'nobody' })).toEqual({ username: MESSAGES.usernameEmail });
    expect(forgotPasswordSchema.safeParse({ username: 'user@demo.example' }).success).toBe(true);
  });
});

describe('sign-up confirmation (mode UserNotConfirmed)', () => {
  const filled = {
    username: 'new@demo.example', newpassword: GOOD_PASSWORD, confirmpassword: GOOD_PASSWORD, verifcode: '123456', agree: true,
  };

  it('is valid only with matching passwords, the code and the terms agreed', () => {
    expect(confirmSignUpSchema.safeParse(filled).success).toBe(true);
    expect(fieldMessages(confirmSignUpSchema, { ...filled, agree: false })).toEqual({ agree: MESSAGES.agreeTerms });
    expect(fieldMessages(confirmSignUpSchema, { ...filled, confirmpassword: 'Other#2026pass' }))
      .toEqual({ confirmpassword: MESSAGES.passwordsDoNotMatch });
    expect(fieldMessages(confirmSignUpSchema, { ...filled, verifcode: '12' })).toEqual({ verifcode: MESSAGES.verificationCodeInvalid });
  });
});
