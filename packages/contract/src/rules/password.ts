import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../auth/limits.js';
import { REQUIRED } from '../messages.js';
import { TOO_LONG } from '../users/fields.js';

export const PASSWORD_MIN_LENGTH = 8;

/** The spec's new-password rule: 8 characters, a digit, an uppercase letter, no whitespace. */
export function meetsPasswordRules(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\d/.test(password) && /[A-Z]/.test(password) && !/\s/.test(password);
}

/**
 * The password-change form. Messages are translation keys: `global.errors.required`,
 * `users.errors.too_long` (past the sign-in's bound), `password_rules`, `not_matching`.
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, REQUIRED).max(PASSWORD_MAX_LENGTH, TOO_LONG),
    newPassword: z.string().max(PASSWORD_MAX_LENGTH, TOO_LONG).refine(meetsPasswordRules, 'password_rules'),
    confirmation: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmation, {
    message: 'not_matching',
    path: ['confirmation'],
  });

export type PasswordChange = z.infer<typeof passwordChangeSchema>;
