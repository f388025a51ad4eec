import { z } from 'zod';
import { recordIdSchema } from '../ids.js';
import { profileNameSchema } from '../rights-schema.js';
import { credentialFields, CREDENTIAL_NAMES, requiredText, TOO_LONG, userFieldSchemas as field } from './fields.js';
import { USER_TEXT_LIMITS } from './limits.js';
import { MAX_USERS_PER_ACTION, userIdSchema, userIdsSchema } from './schemas.js';

/** Bulk changes (PATCH /users/) and their undo, and the users' platform accesses the bulk forms show. */

/** How long a bulk change can be undone (beyond the spec). */
export const UNDO_WINDOW_SECONDS = 30;

// ---------------------------------------------------------------- bulk edits (PATCH /users/)

export const BULK_STD_COLUMNS = ['comment', 'subject', 'className', 'level', 'profile', 'adminMode'] as const;
export type BulkStdColumn = (typeof BULK_STD_COLUMNS)[number];

/**
 * A bulk change. `std`: a field and its value (empty deletes it; level and profile are required;
 * class with `option` 'add' or 'delete' adds or removes one class of a list). `opt`: the option
 * action in `column` (insert, update replacing `optionSource`, delete). `app`: the application
 * action in `column` (insert, delete) with per-user credentials in `value`.
 */
export const bulkUpdateSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('std'),
    ids: userIdsSchema,
    column: z.enum(BULK_STD_COLUMNS),
    // The longest of the std columns' texts (the comment): each column's own bound is the bulk policy's.
    value: z.union([z.string().trim().max(USER_TEXT_LIMITS.comment, TOO_LONG), z.number().int()]).nullable(),
    option: z.enum(['add', 'delete']).optional(),
  }),
  z.object({
    type: z.literal('opt'),
    ids: userIdsSchema,
    column: z.enum(['insert', 'update', 'delete']),
    value: z.object({ optionCible: requiredText(USER_TEXT_LIMITS.option), optionSource: field.optionName.optional() }),
  }),
  z.object({
    type: z.literal('app'),
    ids: userIdsSchema,
    column: z.enum(['insert', 'delete']),
    idApp: recordIdSchema,
    value: z
      .array(
        z.object({
          idUser: userIdSchema,
          ...credentialFields(CREDENTIAL_NAMES.grid),
        }),
      )
      .max(MAX_USERS_PER_ACTION)
      .default([]),
  }),
]);
export type BulkUpdate = z.infer<typeof bulkUpdateSchema>;

export const bulkAnswerSchema = z.object({
  count: z.number().int(),
  /** Puts the previous values back within UNDO_WINDOW_SECONDS; null when the change cannot be undone. */
  undoToken: z.string().nullable(),
  undoExpiresAt: z.string().nullable(),
});

// ---------------------------------------------------------------- per-user platform data, PNE, mail

export const userPlatformsSchema = z.object({
  userId: z.number().int(),
  login: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  profile: profileNameSchema,
  /** The user's own console password when printable and the caller may see passwords. */
  userPassword: z.string().nullable(),
  platforms: z.array(
    z.object({
      platformId: z.string(),
      applications: z.array(
        z.object({
          idApplication: z.number().int(),
          status: z.number().int(),
          login: z.string().nullable(),
          password: z.string().nullable(),
          hasPassword: z.boolean(),
          keys: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type UserPlatforms = z.infer<typeof userPlatformsSchema>;
