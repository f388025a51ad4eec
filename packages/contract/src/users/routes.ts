import { z } from 'zod';
import { defineRoute } from '../http.js';
import { recordIdParamSchema, recordIdSchema } from '../ids.js';
import { uaiParamsSchema } from '../rules/uai.js';
import { MAX_GENERATED_PASSWORDS } from '../rules/generated-password.js';
import { platformIdSchema } from '../settings/platforms.js';
import { columnDefinitionSchema } from './grid.js';
import { newUserSchema } from './add-user.js';
import { bulkAnswerSchema, bulkUpdateSchema, userPlatformsSchema } from './bulk.js';
import { decryptPasswordsAnswerSchema, decryptPasswordsBodySchema, profileChoiceSchema } from './grid.js';
import { mailAnswerSchema, mailBodySchema, pneActivationSchema, pneAnswerSchema } from './messaging.js';
import { countAnswerSchema, MAX_USERS_PER_ACTION, userRowAnswerSchema } from './schemas.js';
import { binnedUserSchema, deactivateBodySchema } from './status.js';
import { userPageSchema, userPageUpdateSchema, userPatchSchema } from './user-page.js';

/** The users area's routes (spec 3 §7). Every school boundary is checked by the services: 404 outside reach. */

const idParams = z.object({ id: recordIdParamSchema });
const uaiQuery = z.object({ uai: uaiParamsSchema.shape.uai });

// ---------------------------------------------------------------- the grid and the user page (issue 4)

export const getColumnDefinitions = defineRoute({
  method: 'GET',
  path: '/users/headers',
  right: { area: 'Table', level: 'Lecture' },
  summary: "The users grid's column definitions for a school (its option and application columns).",
  query: uaiQuery,
  answer: z.array(columnDefinitionSchema),
});

export const listProfiles = defineRoute({
  method: 'GET',
  path: '/users/profils',
  right: { area: 'Table', level: 'Lecture' },
  summary: 'The profiles the caller may give a user.',
  answer: z.array(profileChoiceSchema),
});

export const decryptPasswords = defineRoute({
  method: 'POST',
  path: '/users/passwords/decrypt',
  right: { area: 'FicheUser_profil', level: 'Lecture' },
  summary: "The clear passwords of the given users of the caller's schools (null when hashed).",
  body: decryptPasswordsBodySchema,
  answer: decryptPasswordsAnswerSchema,
});

export const getUser = defineRoute({
  method: 'GET',
  path: '/users/:id',
  right: { area: 'FicheUser', level: 'Lecture' },
  summary: 'One user page: access, applications, options, devices. Pupils and teachers reach only their own.',
  params: idParams,
  answer: userPageSchema,
});

export const updateUser = defineRoute({
  method: 'PUT',
  path: '/users/:id',
  right: { area: 'FicheUser_profil', level: 'Ecriture' },
  summary: "Update a user's access (names, login, password, e-mail) and applications.",
  params: idParams,
  body: userPageUpdateSchema,
  answer: userPageSchema,
});

export const patchUser = defineRoute({
  method: 'PATCH',
  path: '/users/:id',
  right: { area: 'Table', level: 'Ecriture' },
  summary: 'One grid edit: a field (informations), the option list (options) or one application (applications).',
  params: idParams,
  body: userPatchSchema,
  answer: userRowAnswerSchema,
});

// ---------------------------------------------------------------- actions (issue 5)

export const createUser = defineRoute({
  method: 'POST',
  path: '/users',
  right: { area: 'AddUser', level: 'Ecriture' },
  summary: 'Add a user with options and applications.',
  body: newUserSchema,
  answer: userRowAnswerSchema,
});

export const generatePasswords = defineRoute({
  method: 'GET',
  path: '/users/passwords/:n',
  right: { area: 'AddUser', level: 'Lecture' },
  summary: "n random passwords by the spec's rule ('!' added for the EDULIB platform).",
  params: z.object({ n: z.coerce.number().int().min(1).max(MAX_GENERATED_PASSWORDS) }),
  query: z.object({ platformId: platformIdSchema.optional() }),
  answer: z.array(z.string()),
});

export const setUsersDisabled = defineRoute({
  method: 'PATCH',
  path: '/users/deactivate',
  right: { area: 'ButtonBar_buttonActiveDesactiveUser', level: 'Ecriture' },
  summary: 'Disable (disable: true) or enable users; never oneself.',
  body: deactivateBodySchema,
  answer: countAnswerSchema,
});

export const deleteUsers = defineRoute({
  method: 'DELETE',
  path: '/users',
  right: { area: 'ButtonBar_buttonDelete', level: 'Ecriture' },
  summary: 'Move disabled users to the bin (purged after 30 days); never oneself.',
  body: z.array(recordIdSchema).min(1).max(MAX_USERS_PER_ACTION),
  answer: countAnswerSchema,
});

export const listBin = defineRoute({
  method: 'GET',
  path: '/users/bin',
  right: { area: 'ButtonBar_buttonDelete', level: 'Lecture' },
  summary: 'The deleted users of a school still in the bin, newest first.',
  query: uaiQuery,
  answer: z.object({ users: z.array(binnedUserSchema) }),
});

export const restoreUsers = defineRoute({
  method: 'POST',
  path: '/users/bin/restore',
  right: { area: 'ButtonBar_buttonDelete', level: 'Ecriture' },
  summary: 'Bring users back from the bin with everything they had.',
  body: z.object({ ids: z.array(recordIdSchema).min(1).max(MAX_USERS_PER_ACTION) }),
  answer: countAnswerSchema,
});

export const bulkUpdateUsers = defineRoute({
  method: 'PATCH',
  path: '/users/',
  right: { area: 'ButtonBar_buttonBulkEdit', level: 'Ecriture' },
  summary: 'One bulk change (std, opt or app) on the selected users: all of them or none.',
  body: bulkUpdateSchema,
  answer: bulkAnswerSchema,
});

export const undoBulkUpdate = defineRoute({
  method: 'POST',
  path: '/users/undo',
  right: { area: 'ButtonBar_buttonBulkEdit', level: 'Ecriture' },
  summary: 'Put back the values a bulk change replaced, within 30 seconds, by the same caller.',
  body: z.object({ token: z.string().min(1).max(100) }),
  answer: countAnswerSchema,
});

export const getUsersPlatforms = defineRoute({
  method: 'POST',
  path: '/users/platforms',
  right: { area: 'buttonBulkEdit_bulkAppli', level: 'Lecture' },
  summary: 'Per-user platform data (logins, passwords, codes) for the bulk application form.',
  body: z.object({ userIds: z.array(recordIdSchema).min(1).max(MAX_USERS_PER_ACTION) }),
  answer: z.array(userPlatformsSchema),
});

/** Answers 200 when every key is activated, 207 with the rejected ones otherwise. */
export const activatePneKeys = defineRoute({
  method: 'POST',
  path: '/users/pne',
  right: { area: 'buttonBulkEdit_bulkPNE', level: 'Ecriture' },
  summary: "Activate teachers' Educadhoc keys on the PNE service.",
  sendsOutside: true,
  body: z.array(pneActivationSchema).min(1).max(1000),
  answer: pneAnswerSchema,
});

export const mailUsers = defineRoute({
  method: 'POST',
  path: '/users/mails',
  right: { area: 'buttonBulkEdit_bulkNotification', level: 'Ecriture' },
  summary: 'Mail users their access (template 165, 198 or 197); users without an e-mail are skipped.',
  sendsOutside: true,
  body: mailBodySchema,
  answer: mailAnswerSchema,
});
