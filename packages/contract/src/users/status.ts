import { z } from 'zod';
import { profileNameSchema } from '../rights-schema.js';
import { MAX_USERS_PER_ACTION, userIdSchema } from './schemas.js';

/** Enabling, disabling and deleting users, and the bin. */

/** How long a deleted user stays in the bin before the purge removes them for good (beyond the spec). */
export const BIN_RETENTION_DAYS = 30;

// ---------------------------------------------------------------- enable, disable, delete, bin

export const deactivateBodySchema = z.object({
  /** `lls` and `quizeo`: whether the user has Lelivrescolaire.fr or Quizeo (kept in the audit entry). */
  users: z
    .array(z.object({ id: userIdSchema, lls: z.boolean().optional(), quizeo: z.boolean().optional() }))
    .min(1)
    .max(MAX_USERS_PER_ACTION),
  disable: z.boolean(),
});

export const binnedUserSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  profile: profileNameSchema,
  level: z.string().nullable(),
  className: z.string().nullable(),
  deletedAt: z.string(),
  deletedBy: z.string().nullable(),
  /** When the purge removes them for good. */
  purgeAt: z.string(),
});
export type BinnedUser = z.infer<typeof binnedUserSchema>;
