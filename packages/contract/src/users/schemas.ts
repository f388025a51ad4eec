import { z } from 'zod';
import { recordIdSchema } from '../ids.js';
import { PROFILE_NAMES, type ProfileName } from '../rights.js';
import { profileNameSchema } from '../rights-schema.js';
import { uaiFieldSchema } from '../rules/uai.js';
import { applicationUrlsSchema, schoolUserSchema } from '../schools/schemas.js';
import { REQUIRED } from '../messages.js';
import { platformIdSchema } from '../settings/platforms.js';
import { credentialFields, CREDENTIAL_NAMES, requiredText, TOO_LONG, userFieldSchemas as field } from './fields.js';
import type { EDITABLE_FIELDS } from './grid.js';
import { MAX_APPLICATIONS_PER_REQUEST, MAX_OPTIONS_PER_USER, MAX_PNE_KEYS, USER_TEXT_LIMITS } from './limits.js';

/**
 * Request and answer schemas of the users area (spec 3 §3, §5, §7), composed from the field
 * rules of `fields.ts` under the names each call gives them. Messages are translation keys.
 */

export { EMAIL_FORMAT, EMAIL_PATTERN, TABLET_NUMBER_LENGTH, TOO_LONG } from './fields.js';
export const USERNAME_TAKEN = 'user_add.username_already_existing';
export const DUPLICATE_OPTION = 'users.errors.duplicate_option';
/** An application unknown to the catalogue. */
export const UNKNOWN_APPLICATION = 'users.errors.unknown_application';

/** Tablet numbers are at most 12 characters (spec 3 §9). */
export const TABLET_NUMBER_MAX_LENGTH = USER_TEXT_LIMITS.tabletNumber;
/** At most this many users in one bulk action, deactivation, deletion or decryption. */
export const MAX_USERS_PER_ACTION = 10_000;
/** How long a bulk change can be undone (beyond the spec). */
export const UNDO_WINDOW_SECONDS = 30;
/** How long a deleted user stays in the bin before the purge removes them for good (beyond the spec). */
export const BIN_RETENTION_DAYS = 30;

const userId = recordIdSchema;
const userIds = z.array(userId).min(1, REQUIRED).max(MAX_USERS_PER_ACTION);

// ---------------------------------------------------------------- profiles

export const profileChoiceSchema = z.object({ IDprofil: z.number().int(), Nom: profileNameSchema });
export type ProfileChoice = z.infer<typeof profileChoiceSchema>;

// ---------------------------------------------------------------- grid cell edits (PATCH /users/{id})

/** The fields one grid edit changes: one or several (a profile with the e-mail the prompt asked). */
export const informationsPatchSchema = z
  .object({
    lastname: field.name,
    firstname: field.name,
    level: field.level,
    className: field.className,
    profile: profileNameSchema,
    tabletNumber: field.tabletNumber,
    comment: field.comment,
    subject: field.subject,
    email: field.email,
    adminMode: field.adminMode,
  } satisfies Record<(typeof EDITABLE_FIELDS)[number], z.ZodType>)
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, REQUIRED);
export type InformationsPatch = z.infer<typeof informationsPatchSchema>;

/** A user's whole option list, in order (`ordre` from 1). */
export const optionListSchema = z
  .array(z.object({ idOption: recordIdSchema, ordre: z.number().int().min(1).max(99) }))
  .max(MAX_OPTIONS_PER_USER);

/**
 * One application of a user: status 1 enables, 0 disables, 2 keeps the status and changes only
 * the credentials or the code. Credentials left out are kept; null clears them.
 */
export const applicationPatchSchema = z.object({
  informations: z.object({
    idApplication: recordIdSchema,
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    ...credentialFields(CREDENTIAL_NAMES.grid),
  }),
});
export type ApplicationPatch = z.infer<typeof applicationPatchSchema>;

export const userPatchSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('informations'), value: informationsPatchSchema }),
  z.object({ key: z.literal('options'), value: optionListSchema }),
  z.object({ key: z.literal('applications'), value: applicationPatchSchema }),
]);
export type UserPatch = z.infer<typeof userPatchSchema>;

/** A changed row, as the grid shows it. */
export const userRowAnswerSchema = z.object({ user: schoolUserSchema });

// ---------------------------------------------------------------- passwords

export const decryptPasswordsBodySchema = z.object({
  /** The users whose password to show (ids; never ciphertexts, so that nothing can be replayed). */
  passwords: userIds,
});
export const decryptPasswordsAnswerSchema = z.object({
  /** null for a user whose password cannot be shown (staff passwords are hashed). */
  passwords: z.array(z.object({ id: z.number().int(), password: z.string().nullable() })),
});

// ---------------------------------------------------------------- user page (GET and PUT /users/{id})

export const userPageApplicationSchema = z.object({
  informations: z.object({
    applicationId: z.number().int(),
    applicationName: z.string(),
    platformId: z.string(),
    /** 1 enabled, 0 disabled (also when the user never had it). */
    status: z.number().int(),
    platformLogin: z.string().nullable(),
    /** The clear platform password, only for a caller who may see passwords. */
    platformPassword: z.string().nullable(),
    /** Whether a platform password is stored (then it is not editable). */
    hasPlatformPassword: z.boolean(),
    applicationKeys: z.string().nullable(),
    worksWithCas: z.boolean(),
    /** 'OK' when the publisher said the token is valid; its reason otherwise; null when never checked. */
    platformValidToken: z.string().nullable(),
  }),
  urls: applicationUrlsSchema,
});
export type UserPageApplication = z.infer<typeof userPageApplicationSchema>;

export const deviceSchema = z.object({
  model: z.string(),
  operatingSystem: z.string(),
  /** Free space in MB (shown in GB: divided by 1000, two decimals). */
  availableSpace: z.number().nullable(),
  applicationVersion: z.string().nullable(),
  token: z.string().nullable(),
  modificationDate: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

export const userPageSchema = z.object({
  informations: z.object({
    userId: z.number().int(),
    login: z.string(),
    /** The clear password for a caller who may see it (and the user themself); null otherwise or when hashed. */
    password: z.string().nullable(),
    /** Whether the password is printable (pupils and teachers), hence shown and required in the form. */
    hasPrintablePassword: z.boolean(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    level: z.string().nullable(),
    className: z.string().nullable(),
    subject: z.string().nullable(),
    tabletNumber: z.string().nullable(),
    profile: profileNameSchema,
    uai: z.string().nullable(),
    schoolName: z.string().nullable(),
    disabled: z.boolean(),
    locked: z.boolean(),
    /**
     * The content of the sign-in QR code: the opaque link token (the link is origin + '/?iduser=' + it).
     * Null for staff, who sign in by password only, and for a caller who may not act on this user.
     */
    qrCode: z.string().nullable(),
    createdOn: z.string().nullable(),
    createdBy: z.string().nullable(),
    editedOn: z.string().nullable(),
    editedBy: z.string().nullable(),
  }),
  applications: z.array(userPageApplicationSchema),
  options: z.array(z.object({ optionId: z.number().int(), name: z.string(), ordre: z.number().int() })),
  devices: z.array(deviceSchema),
  /** What the caller may do on this page, so that the browser re-implements no rule. */
  abilities: z.object({
    canEditProfile: z.boolean(),
    canEditApplications: z.boolean(),
    canSeePasswords: z.boolean(),
    canUnlock: z.boolean(),
  }),
});
export type UserPage = z.infer<typeof userPageSchema>;

/** The access edit form (spec 3 §5): names and login trimmed and required; the password required when printable. */
export const userAccessFormSchema = z.object({
  firstName: field.name,
  lastName: field.name,
  login: field.login,
  /** Left blank (or out) for staff, whose hashed password stays as it is. */
  password: z.string().trim().max(USER_TEXT_LIMITS.password, TOO_LONG).optional(),
  email: field.email,
});
export type UserAccessForm = z.infer<typeof userAccessFormSchema>;

export const userPageApplicationUpdateSchema = z.object({
  applicationId: recordIdSchema,
  status: z.union([z.literal(0), z.literal(1)]),
  ...credentialFields(CREDENTIAL_NAMES.userPage),
});

export const userPageUpdateSchema = z.object({
  informations: userAccessFormSchema,
  applications: z.array(userPageApplicationUpdateSchema).max(MAX_APPLICATIONS_PER_REQUEST),
});
export type UserPageUpdate = z.infer<typeof userPageUpdateSchema>;

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

// ---------------------------------------------------------------- enable, disable, delete, bin

export const deactivateBodySchema = z.object({
  /** `lls` and `quizeo`: whether the user has Lelivrescolaire.fr or Quizeo (kept in the audit entry). */
  users: z
    .array(z.object({ id: userId, lls: z.boolean().optional(), quizeo: z.boolean().optional() }))
    .min(1)
    .max(MAX_USERS_PER_ACTION),
  disable: z.boolean(),
});
export const countAnswerSchema = z.object({ count: z.number().int() });

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
    ids: userIds,
    column: z.enum(BULK_STD_COLUMNS),
    // The longest of the std columns' texts (the comment): each column's own bound is the bulk policy's.
    value: z.union([z.string().trim().max(USER_TEXT_LIMITS.comment, TOO_LONG), z.number().int()]).nullable(),
    option: z.enum(['add', 'delete']).optional(),
  }),
  z.object({
    type: z.literal('opt'),
    ids: userIds,
    column: z.enum(['insert', 'update', 'delete']),
    value: z.object({ optionCible: requiredText(USER_TEXT_LIMITS.option), optionSource: field.optionName.optional() }),
  }),
  z.object({
    type: z.literal('app'),
    ids: userIds,
    column: z.enum(['insert', 'delete']),
    idApp: recordIdSchema,
    value: z
      .array(
        z.object({
          idUser: userId,
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

/** A teacher's keys to activate on the PNE service. The server uses its stored password when none is sent. */
export const pneActivationSchema = z.object({
  username: z.string().trim().min(1, REQUIRED).max(USER_TEXT_LIMITS.login),
  password: z.string().max(USER_TEXT_LIMITS.platformCredential).optional(),
  keys: z.array(z.string().trim().min(1).max(USER_TEXT_LIMITS.pneKey)).max(MAX_PNE_KEYS).optional(),
});
/**
 * What the server itself says of an account (beyond the spec's fields, which carry the PNE
 * service's own words): the browser writes it in its language. `no_answer`: the service left the
 * account out of its answer; `keys_rejected`: it accepted the account but not `rejected` keys of `total`.
 */
export const PNE_PROBLEMS = ['no_answer', 'keys_rejected'] as const;
export type PneProblem = (typeof PNE_PROBLEMS)[number];

export const pneAnswerSchema = z.object({
  /** Empty on 200; on 207, the rejected accounts with each key's error. */
  data: z.array(
    z.object({
      username: z.string(),
      /** The service's message; empty when `problem` says it. */
      message: z.string(),
      problem: z.enum(PNE_PROBLEMS).optional(),
      counts: z.object({ rejected: z.number().int(), total: z.number().int() }).optional(),
      /** Each key's error as the service gave it; empty when `problem` says it. */
      keys: z.array(z.object({ key: z.string(), error: z.string(), problem: z.enum(PNE_PROBLEMS).optional() })),
    }),
  ),
});
export type PneAnswer = z.infer<typeof pneAnswerSchema>;

/** Mail template ids (spec 3 §9): access (default), school administrator access, manager access. */
export const MAIL_TEMPLATES = { access: 165, schoolAdministratorAccess: 198, managerAccess: 197 } as const;
export const MAIL_TEMPLATE_IDS = [165, 198, 197] as const;

export const mailBodySchema = z.object({
  /** The server reads each user's e-mail, login and password itself; only `idUser` is trusted. */
  users: z
    .array(
      z.object({ idUser: userId, email: z.string().optional(), login: z.string().optional(), password: z.string().optional() }),
    )
    .min(1, REQUIRED)
    .max(MAX_USERS_PER_ACTION),
  templateId: z.union([z.literal(165), z.literal(198), z.literal(197)]).default(165),
});
export const mailAnswerSchema = z.object({ sent: z.number().int(), skipped: z.number().int() });
