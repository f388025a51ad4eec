import { z } from 'zod';
import { profileNameSchema } from '../rights-schema.js';

/** A row of the school picker (spec 1 §3). Effectif counts the school's pupils. */
export const schoolListItemSchema = z.object({
  UAI: z.string(),
  Nom: z.string(),
  Commune: z.string(),
  Extension: z.string(),
  Effectif: z.number().int(),
});
export type SchoolListItem = z.infer<typeof schoolListItemSchema>;

export const applicationUrlsSchema = z.object({
  picturePath: z.string().optional(),
  dmgLink: z.string().optional(),
  exeLink: z.string().optional(),
  playStore: z.string().optional(),
  appStore: z.string().optional(),
  urlScheme: z.string().optional(),
  urlClean: z.string().optional(),
  urlOpen: z.string().optional(),
  urlLine: z.string().optional(),
});

/** An application of the catalogue as the users area reads it (spec 3 §3). */
export const schoolApplicationSchema = z.object({
  idApplication: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  platformId: z.string(),
  urls: applicationUrlsSchema,
  urlSchemeLoginRequired: z.boolean(),
  urlSchemePwdRequired: z.boolean(),
  urlSchemeCodeYesNo: z.boolean(),
  urlSchemeCodeRequired: z.boolean(),
  applicationCodeYesNo: z.boolean(),
  applicationCodeRequired: z.boolean(),
  commonCode: z.string().nullable(),
  connectDiffPassword: z.boolean(),
  /** Signs in through the school's CAS rather than its own credentials. */
  worksWithCas: z.boolean(),
});
export type SchoolApplication = z.infer<typeof schoolApplicationSchema>;

/** A platform of the catalogue (spec 3 §3). */
export const schoolPlatformSchema = z.object({
  platformId: z.string(),
  platformName: z.string(),
  platformOrder: z.number().int(),
  platformForExport: z.boolean(),
  platformExportType: z.string(),
  platformCodeRequired: z.boolean(),
  platformCodeYesNo: z.boolean(),
  commonCode: z.string().nullable(),
  urls: z.array(z.object({ picturePath: z.string().optional() })),
});
export type SchoolPlatform = z.infer<typeof schoolPlatformSchema>;

export const schoolSchema = z.object({
  informations: z.object({
    uai: z.string(),
    name: z.string(),
    town: z.string(),
    extension: z.string(),
    /** Seconds of Admin mode; 0 means no Admin mode. */
    adminDuration: z.number().int(),
    connectRndPwd: z.boolean(),
    address: z.string(),
    postalCode: z.string().nullable(),
    sector: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** Every new user of the school must have an e-mail. */
    emailRequired: z.boolean(),
  }),
  deployment: z.record(z.string(), z.unknown()),
  regexGlobal: z.array(z.object({ field: z.string(), conversion: z.string(), special: z.string(), structure: z.string() })),
  regexEstab: z.array(z.object({ field: z.string(), regex: z.string() })),
  applications: z.array(schoolApplicationSchema),
  platforms: z.array(schoolPlatformSchema),
  /** The school's options, by name. */
  options: z.array(z.object({ idOption: z.number().int(), name: z.string() })),
  /** What the caller may do with this school, so that the browser re-implements no rule. */
  abilities: z.object({ canDelete: z.boolean() }),
});
export type School = z.infer<typeof schoolSchema>;

/** A user of a school as the users view lists it. Never a password. */
export const schoolUserSchema = z.object({
  id: z.number().int(),
  importNumber: z.number().int().nullable(),
  adminMode: z.number().int(),
  uai: z.string().nullable(),
  lastname: z.string(),
  firstname: z.string(),
  login: z.string(),
  level: z.string().nullable(),
  className: z.string().nullable(),
  disabled: z.boolean(),
  disabledAt: z.string().nullable(),
  profile: profileNameSchema,
  locked: z.boolean(),
  lastLoginAt: z.string().nullable(),
  tabletNumber: z.string().nullable(),
  comment: z.string().nullable(),
  subject: z.string().nullable(),
  email: z.string().nullable(),
  /** Option names in their order (Option1, Option2, …). */
  options: z.array(z.string()),
  /** Per application id: status (1 enabled, 0 disabled) and the user's code for it. */
  applications: z.record(z.string(), z.object({ status: z.number().int(), code: z.string().nullable() })),
  /** Ids of the platforms of the user's enabled applications. */
  platforms: z.array(z.string()),
});
export type SchoolUser = z.infer<typeof schoolUserSchema>;

export const schoolWithUsersSchema = schoolSchema.extend({ users: z.array(schoolUserSchema) });

export const schoolReferenceDataSchema = z.object({
  cities: z.array(z.object({ idCity: z.number().int(), city: z.string(), idCountry: z.number().int() })),
  countries: z.array(z.object({ idCountry: z.number().int(), country: z.string() })),
  typeEstab: z.array(z.object({ idTypeEstab: z.number().int(), typeEstab: z.string(), orderTypeEstab: z.number().int() })),
});

export const statisticsSchema = z.object({
  nbEtab: z.number().int(),
  /** Users with each application enabled, most used first. */
  usersApp: z.array(z.object({ name: z.string(), count: z.number().int() })),
  repartitionRoles: z.array(z.object({ profile: profileNameSchema, count: z.number().int() })),
  modeAdmin: z.object({ activated: z.number().int(), deactivated: z.number().int() }),
  usersConnectes: z.object({ connected: z.number().int(), neverConnected: z.number().int() }),
});
export type Statistics = z.infer<typeof statisticsSchema>;
