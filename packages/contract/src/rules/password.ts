import { z } from 'zod';
import { REQUIRED } from '../messages.js';

export const PASSWORD_MIN_LENGTH = 8;

/** The spec's new-password rule: 8 characters, a digit, an uppercase letter, no whitespace. */
export function meetsPasswordRules(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\d/.test(password) && /[A-Z]/.test(password) && !/\s/.test(password);
}

/**
 * The password-change form. Messages are translation keys: `global.errors.required`,
 * `password_rules`, `not_matching`.
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, REQUIRED),
    newPassword: z.string().refine(meetsPasswordRules, 'password_rules'),
    confirmation: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmation, {
    message: 'not_matching',
    path: ['confirmation'],
  });

export type PasswordChange = z.infer<typeof passwordChangeSchema>;
