import { z } from 'zod';
import { userDocumentSchema } from '../documents/documents.js';
import { recordIdSchema } from '../ids.js';
import { profileNameSchema } from '../rights-schema.js';
import { applicationUrlsSchema } from '../schools/schemas.js';
import { REQUIRED } from '../messages.js';
import { credentialFields, CREDENTIAL_NAMES, TOO_LONG, userFieldSchemas as field } from './fields.js';
import type { EDITABLE_FIELDS } from './grid.js';
import { MAX_APPLICATIONS_PER_REQUEST, MAX_OPTIONS_PER_USER, USER_TEXT_LIMITS } from './limits.js';

/**
 * One user's page (GET and PUT /users/{id}) and the partial edits of the grid and the page
 * (PATCH /users/{id}), spec 3 §2.3, §5.
 */

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
  /** The documents assigned to the user, the user's school or every school, by name; empty without UserPage_Documents at Lecture. */
  documents: z.array(userDocumentSchema),
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
