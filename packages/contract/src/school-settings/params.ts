import { z } from 'zod';
import { RECORD_ID_MAX } from '../ids.js';
import { REQUIRED } from '../messages.js';
import { platformIdSchema } from '../settings/platforms.js';
import { structureProblem } from '../settings/regex-settings.js';
import { SCHOOL_TEXT_LIMITS } from '../schools/limits.js';
import { asmInformationsSchema, asmInformationsUpdateSchema } from './asm.js';
import {
  defaultApplicationChoiceSchema,
  defaultApplicationsSchema,
  defaultApplicationsUpdateSchema,
} from './default-applications.js';
import { SECRET_MAX, TEXT_TOO_LONG } from './texts.js';

export { SECRET_MAX, TEXT_TOO_LONG } from './texts.js';

/**
 * A school's settings (spec 2 §2.9, §2.10, §2.13, §3): its general informations, its own login
 * pattern, its settings of each platform and its deployment information, read and changed by the
 * school settings view (right ParamEtablissement, with adminTabs). Secrets (the EcoleDirecte key,
 * the Wi-Fi password, the ASM server's password) never travel in these answers: each is said set
 * or not, and its value is asked for on its own (`revealSchoolSecret`), by someone who may edit it.
 * Messages are translation keys.
 */

export const ADMIN_DURATION_RANGE = 'school_settings.errors.admin_duration';
export const INVALID_EXTENSION = 'school_settings.errors.invalid_extension';
export const REQUIRED_WITHOUT_CODE = 'school_settings.errors.required_without_code';
export const COMMON_CODE_MISSING = 'school_settings.errors.common_code_missing';
export const UNKNOWN_MDM = 'school_settings.errors.unknown_mdm';
export const UNKNOWN_MATERIAL = 'school_settings.errors.unknown_material';
export const UNKNOWN_SCHOOL_PLATFORM = 'school_settings.errors.unknown_platform';

/** The secrets a school's settings hold, encrypted at rest and answered only one at a time, on demand. */
export const SCHOOL_SECRETS = ['ecoleDirecteApiKey', 'depPassword', 'sftpPassword'] as const;
export type SchoolSecret = (typeof SCHOOL_SECRETS)[number];

/** The longest Admin mode: a week, in seconds (0: no Admin mode). */
export const ADMIN_DURATION_MAX = 7 * 24 * 3600;
/** The login suffix of a school's users: lower-case letters, digits, '.' and '-', at most 30 (empty: none). */
export const EXTENSION_PATTERN = /^[a-z0-9](?:[a-z0-9.-]{0,28}[a-z0-9])?$/;
/** The longest free text of the deployment card (comment) and of a short one (SSID, code). */
export const DEPLOYMENT_COMMENT_MAX = 2000;
export const SHORT_TEXT_MAX = 200;

/** Fleet management (spec 2 §9): 1 managed, 0 unmanaged, 2 none. */
export const MANAGED_FLEET = { unmanaged: 0, managed: 1, none: 2 } as const;
export const MANAGED_FLEET_VALUES = [0, 1, 2] as const;
/** Wi-Fi quality (spec 2 §5): 3 good, 2 medium, 1 bad, 0 no Wi-Fi. */
export const WIFI_QUALITY = { none: 0, bad: 1, medium: 2, good: 3 } as const;
export const WIFI_QUALITY_VALUES = [3, 2, 1, 0] as const;

const shortText = z.string().trim().max(SHORT_TEXT_MAX, TEXT_TOO_LONG);
/**
 * A secret as a change carries it: a text sets it, an empty text or null removes it, absent keeps
 * it. Never answered back.
 */
const secretChange = z.string().trim().max(SECRET_MAX, TEXT_TOO_LONG).nullable().optional();

export const informationsUpdateSchema = z
  .object({
    name: z.string(REQUIRED).trim().min(1, REQUIRED).max(SCHOOL_TEXT_LIMITS.name, TEXT_TOO_LONG),
    extension: z
      .string()
      .trim()
      .toLowerCase()
      .refine((value) => value === '' || EXTENSION_PATTERN.test(value), INVALID_EXTENSION),
    adminDuration: z
      .number(REQUIRED)
      .int(ADMIN_DURATION_RANGE)
      .min(0, ADMIN_DURATION_RANGE)
      .max(ADMIN_DURATION_MAX, ADMIN_DURATION_RANGE),
    connectRndPwd: z.boolean(),
    ecoleDirecteApiKey: secretChange,
  })
  .partial()
  .strict();
export type InformationsUpdate = z.infer<typeof informationsUpdateSchema>;

/** The school's own login pattern (one character, as the Regex tab's), or empty for the general one. */
export const regexEstabSchema = z
  .array(
    z.object({ field: z.literal('login'), regex: z.string().trim() }).superRefine((entry, context) => {
      const problem = structureProblem('login', entry.regex);
      if (problem) context.addIssue({ code: 'custom', path: ['regex'], message: problem });
    }),
  )
  .max(1);
export type RegexEstab = z.infer<typeof regexEstabSchema>;

/** The school's toggles of one platform (spec 2 §2.10). */
export const SCHOOL_PLATFORM_TOGGLES = [
  'platformUrlschemeCodeYesNo',
  'platformCodeYesNo',
  'platformCodeRequired',
  'commonCodeYesNo',
  'commonCodeRequired',
  'connectDiffPassword',
] as const;
export type SchoolPlatformToggle = (typeof SCHOOL_PLATFORM_TOGGLES)[number];

/** Each "required" toggle and the yes/no it needs (the linked toggles of spec 2 §2.10). */
export const REQUIRED_TOGGLES = {
  platformCodeRequired: 'platformCodeYesNo',
  commonCodeRequired: 'commonCodeYesNo',
} as const satisfies Partial<Record<SchoolPlatformToggle, SchoolPlatformToggle>>;

export type SchoolPlatformValues = Record<SchoolPlatformToggle, boolean> & { commonCode: string };

export const schoolPlatformUpdateSchema = z
  .object({
    platformId: platformIdSchema,
    ...(Object.fromEntries(SCHOOL_PLATFORM_TOGGLES.map((toggle) => [toggle, z.boolean().optional()])) as Record<
      SchoolPlatformToggle,
      z.ZodOptional<z.ZodBoolean>
    >),
    commonCode: shortText.optional(),
  })
  .strict();
export type SchoolPlatformUpdate = z.infer<typeof schoolPlatformUpdateSchema>;

/**
 * What is wrong with a platform's settings once a change is applied to them, by field: a
 * "required" on without its yes/no, a common code required but empty. Both sides check it.
 */
export function schoolPlatformProblems(values: SchoolPlatformValues): Partial<Record<keyof SchoolPlatformValues, string>> {
  const problems: Partial<Record<keyof SchoolPlatformValues, string>> = {};
  for (const [required, yesNo] of Object.entries(REQUIRED_TOGGLES) as [SchoolPlatformToggle, SchoolPlatformToggle][]) {
    if (values[required] && !values[yesNo]) problems[required] = REQUIRED_WITHOUT_CODE;
  }
  if (values.commonCodeRequired && values.commonCode.trim() === '') problems.commonCode = COMMON_CODE_MISSING;
  return problems;
}

/**
 * The toggles after one of them is switched (spec 2 §2.10): a "required" switched on switches
 * its yes/no on; a yes/no switched off switches its "required" off.
 */
export function withLinkedToggles<T extends Record<SchoolPlatformToggle, boolean>>(
  values: T,
  toggle: SchoolPlatformToggle,
  on: boolean,
): T {
  const next = { ...values, [toggle]: on };
  for (const [required, yesNo] of Object.entries(REQUIRED_TOGGLES) as [SchoolPlatformToggle, SchoolPlatformToggle][]) {
    if (toggle === required && on) next[yesNo] = true;
    if (toggle === yesNo && !on) next[required] = false;
  }
  return next;
}

/** An MDM's or material's id, or none; one that cannot be an id is unknown, as one the lists lack. */
const optionId = (message: string) => z.number(message).int(message).positive(message).max(RECORD_ID_MAX, message).nullable();

export const deploymentUpdateSchema = z
  .object({
    mdm: optionId(UNKNOWN_MDM),
    materialType: optionId(UNKNOWN_MATERIAL),
    managedFleet: z.union(MANAGED_FLEET_VALUES.map((value) => z.literal(value))),
    depComment: z.string().trim().max(DEPLOYMENT_COMMENT_MAX, TEXT_TOO_LONG),
    depWifiQuality: z.union(WIFI_QUALITY_VALUES.map((value) => z.literal(value))).nullable(),
    depSsid: shortText,
    depPassword: secretChange,
    ecoleDirecteApiKey: secretChange,
    /** The Apple School Manager tab's fields (`asm.ts`). */
    asmInformations: asmInformationsUpdateSchema,
  })
  .partial()
  .strict();
export type DeploymentUpdate = z.infer<typeof deploymentUpdateSchema>;

/** `PATCH /schools/{uai}/params`: the parts changed, each with only its changed fields. */
export const schoolParamsUpdateSchema = z
  .object({
    informations: informationsUpdateSchema.optional(),
    regexEstab: regexEstabSchema.optional(),
    platforms: z.array(schoolPlatformUpdateSchema).max(200).optional(),
    deployment: deploymentUpdateSchema.optional(),
    /** The applications an import gives new pupils and teachers (`default-applications.ts`). */
    defaultApplications: defaultApplicationsUpdateSchema.optional(),
  })
  .strict();
export type SchoolParamsUpdate = z.infer<typeof schoolParamsUpdateSchema>;

export const schoolPlatformSettingSchema = z.object({
  platformId: z.string(),
  platformName: z.string(),
  platformOrder: z.number().int(),
  ...(Object.fromEntries(SCHOOL_PLATFORM_TOGGLES.map((toggle) => [toggle, z.boolean()])) as Record<
    SchoolPlatformToggle,
    z.ZodBoolean
  >),
  commonCode: z.string(),
});
export type SchoolPlatformSetting = z.infer<typeof schoolPlatformSettingSchema>;

/** A school's settings as the settings view reads them; each secret only as whether it is set. */
export const schoolParamsSchema = z.object({
  informations: z.object({
    uai: z.string(),
    name: z.string(),
    extension: z.string(),
    adminDuration: z.number().int(),
    connectRndPwd: z.boolean(),
  }),
  regexEstab: z.array(z.object({ field: z.string(), regex: z.string() })),
  platforms: z.array(schoolPlatformSettingSchema),
  deployment: z.object({
    mdm: z.number().int().nullable(),
    materialType: z.number().int().nullable(),
    managedFleet: z.number().int(),
    depComment: z.string(),
    depWifiQuality: z.number().int().nullable(),
    depSsid: z.string(),
    asmInformations: asmInformationsSchema,
  }),
  /** The applications an import gives new pupils and teachers, and the catalogue's they are chosen among. */
  defaultApplications: defaultApplicationsSchema,
  applicationChoices: z.array(defaultApplicationChoiceSchema),
  /** Whether each secret is set. */
  secrets: z.object(Object.fromEntries(SCHOOL_SECRETS.map((name) => [name, z.boolean()])) as Record<SchoolSecret, z.ZodBoolean>),
  /** Whether the caller may change them (ParamEtablissement at Ecriture). */
  abilities: z.object({ canEdit: z.boolean() }),
});
export type SchoolParams = z.infer<typeof schoolParamsSchema>;

export const revealSecretBodySchema = z.object({ name: z.enum(SCHOOL_SECRETS) }).strict();
export const revealedSecretSchema = z.object({ value: z.string().nullable() });

/** An MDM or a material type a deployment is chosen among (spec 2 §3), as the spec names their fields. */
export const deploymentOptionsSchema = z.object({
  mdms: z.array(z.object({ ID_MDM: z.number().int(), Libelle: z.string(), Image: z.string().nullable() })),
  materials: z.array(z.object({ ID_Type_materiel: z.number().int(), Libelle: z.string(), Image: z.string().nullable() })),
});
export type DeploymentOptions = z.infer<typeof deploymentOptionsSchema>;
