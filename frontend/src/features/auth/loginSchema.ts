import { z } from 'zod';
import { MESSAGES } from '@domain/messages';

/** The normal login form (SPEC section 5, Login): an email-shaped username and a password. */
export const loginSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: MESSAGES.usernameRequired })
    .pipe(z.email({ error: MESSAGES.usernameEmail })),
  password: z.string().min(1, { error: MESSAGES.passwordRequired }),
});

export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;
