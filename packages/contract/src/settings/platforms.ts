import { z } from 'zod';
import { REQUIRED } from '../messages.js';
import { TOO_LONG } from '../users/fields.js';
import { catalogueNameSchema, orderSchema, picturePathSchema, refineAskedRequired } from './catalogue.js';

/**
 * The platforms catalogue (spec 2 §2.6, the Plateformes tab): the publishers' platforms users get
 * credentials on, with their export file and the credentials their apps ask for. An id is chosen
 * when the platform is added and never changes after: applications, users' credentials and the
 * publishers' export files refer to it. Messages are translation keys.
 */

export const PLATFORM_NAME_TAKEN = 'settings.errors.platform_name_taken';
export const PLATFORM_ID_TAKEN = 'settings.errors.platform_id_taken';
export const UNKNOWN_PLATFORM = 'settings.errors.unknown_platform';
export const INVALID_PLATFORM_ID = 'settings.errors.invalid_platform_id';
export const INVALID_EXPORT_FILE = 'settings.errors.invalid_export_file';

export const EXPORT_TYPES = ['CSV', 'XLSX'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** A platform's id: capitals, digits and '_', 2 to 32, e.g. LLS2020. */
export const PLATFORM_ID_PATTERN = /^[A-Z0-9][A-Z0-9_]{1,31}$/;

/** A platform id as a request names it: trimmed, upper-cased, the shape of an id. */
const platformIdShaped = (message: string) => z.string(REQUIRED).trim().toUpperCase().regex(PLATFORM_ID_PATTERN, message);

/**
 * The one schema of a field naming an existing platform (an application's, a purge's, an export's,
 * a new user's access): not the shape of an id, or blank, is an unknown platform; the services
 * then look it up and answer the same message when no platform has it.
 */
export const platformIdSchema = platformIdShaped(UNKNOWN_PLATFORM);
/** An export file's name without extension: letters, digits, '_', '-' and '.'. */
const EXPORT_FILE_PATTERN = /^[A-Za-z0-9_.-]*$/;

/** The platform's toggles: whether its apps' URL scheme carries each credential, whether a code is asked and required. */
export const PLATFORM_TOGGLES = [
  'forExport',
  'urlSchemeLoginRequired',
  'urlSchemePwdRequired',
  'urlSchemeCodeYesNo',
  'urlSchemeCodeRequired',
  'platformCodeYesNo',
  'platformCodeRequired',
] as const;
export type PlatformToggle = (typeof PLATFORM_TOGGLES)[number];

const platformFields = {
  /** The catalogue's own form chooses an id: one not of the shape is an invalid id, not an unknown one. */
  idPlateforme: platformIdShaped(INVALID_PLATFORM_ID),
  name: catalogueNameSchema,
  order: orderSchema,
  exportFile: z.string().trim().max(100, TOO_LONG).regex(EXPORT_FILE_PATTERN, INVALID_EXPORT_FILE),
  exportType: z.enum(EXPORT_TYPES),
  ...(Object.fromEntries(PLATFORM_TOGGLES.map((toggle) => [toggle, z.boolean()])) as Record<PlatformToggle, z.ZodBoolean>),
  /** The spec's list of urls, of which the console uses the picture. */
  urls: z.array(z.object({ picturePath: picturePathSchema })).max(10),
};

const askedRequired = refineAskedRequired<Record<string, unknown>>([
  ['urlSchemeCodeYesNo', 'urlSchemeCodeRequired'],
  ['platformCodeYesNo', 'platformCodeRequired'],
]);

/** A platform as the catalogue answers it. */
export const platformSettingSchema = z.object({ ...platformFields, order: z.number().int() });
export type PlatformSetting = z.infer<typeof platformSettingSchema>;

/** One platform to save (PUT /settings/platforms): a new one (`newPlateforme`, with its chosen id), or an existing one by id. */
export const platformUpdateSchema = z
  .object({ ...platformFields, newPlateforme: z.boolean().default(false) })
  .superRefine(askedRequired);
export type PlatformUpdate = z.infer<typeof platformUpdateSchema>;

export const platformSettingsSchema = z.array(platformSettingSchema);
