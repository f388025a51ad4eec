import { z } from 'zod';
import { recordIdSchema } from '../ids.js';
import { PROFILE_NAMES, type ProfileName } from '../rights.js';
import { uaiFieldSchema } from '../rules/uai.js';
import { REQUIRED } from '../messages.js';
import { platformIdSchema } from '../settings/platforms.js';
import { credentialFields, CREDENTIAL_NAMES, requiredText, userFieldSchemas as field } from './fields.js';
import { MAX_APPLICATIONS_PER_REQUEST, MAX_OPTIONS_PER_USER, USER_TEXT_LIMITS } from './limits.js';

/** A new user (POST /users), spec 3 §5 "Add user". */

// ---------------------------------------------------------------- new user (POST /users)

export const newUserValuesSchema = z.object({
  uai: uaiFieldSchema,
  firstName: field.name,
  lastName: field.name,
  login: field.login,
  password: requiredText(USER_TEXT_LIMITS.password),
  level: field.level,
  profile: z.enum(PROFILE_NAMES as [ProfileName, ...ProfileName[]], REQUIRED),
  class: field.className,
  tabletNumber: field.tabletNumber,
  comment: field.comment,
  subject: field.subject,
  email: field.email,
  adminMode: field.adminMode.default(1),
});
export type NewUserValues = z.infer<typeof newUserValuesSchema>;

export const newUserApplicationSchema = z.object({
  platformId: platformIdSchema,
  idApplication: recordIdSchema,
  ...credentialFields(CREDENTIAL_NAMES.newUser),
});
export type NewUserApplication = z.infer<typeof newUserApplicationSchema>;

export const newUserSchema = z.object({
  values: newUserValuesSchema,
  /** Option names: existing ones are linked, new ones created in the school. */
  options: z.array(field.optionName).max(MAX_OPTIONS_PER_USER).default([]),
  applications: z.array(newUserApplicationSchema).max(MAX_APPLICATIONS_PER_REQUEST).default([]),
});
export type NewUser = z.infer<typeof newUserSchema>;
