import { z } from 'zod';
import { TOO_LONG } from '../users/fields.js';
import { catalogueNameSchema, orderSchema, picturePathSchema, refineAskedRequired } from './catalogue.js';
import { platformIdSchema } from './platforms.js';

/**
 * The applications catalogue (spec 2 §2.7, the Applications tab): the apps users open, each on a
 * parent platform, with where to get them and how to open them. An application's id is the
 * catalogue's number, given when it is added. Messages are translation keys.
 */

export const APPLICATION_NAME_TAKEN = 'settings.errors.application_name_taken';
export const UNKNOWN_APPLICATION_SETTING = 'settings.errors.unknown_application';
export const INVALID_WEB_LINK = 'settings.errors.invalid_web_link';
export const INVALID_APP_LINK = 'settings.errors.invalid_app_link';

/** The addresses people follow in a browser (stores, installers, the sign-in page): http(s) only. */
export const WEB_LINK_FIELDS = ['dmgLink', 'exeLink', 'playStore', 'appStore', 'urlLine'] as const;
/** The addresses that open the app itself (`edulib://login`): any scheme but those that run code or read files. */
export const APP_LINK_FIELDS = ['urlScheme', 'urlClean', 'urlOpen'] as const;
export type ApplicationLinkField = (typeof WEB_LINK_FIELDS)[number] | (typeof APP_LINK_FIELDS)[number];

/** Schemes an app link may never use: they run code in the page or read the machine's files. */
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']);

function parsed(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Empty, or an http(s) address with a host. */
export function isValidWebLink(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  const url = parsed(text);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** Empty, or an absolute address whose scheme is not one that runs code or reads files (`edulib://login`, `https://…`). */
export function isValidAppLink(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  const url = parsed(text);
  return url !== null && /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) && !UNSAFE_SCHEMES.has(url.protocol);
}

const webLink = z.string().trim().max(2000, TOO_LONG).refine(isValidWebLink, INVALID_WEB_LINK);
const appLink = z.string().trim().max(2000, TOO_LONG).refine(isValidAppLink, INVALID_APP_LINK);

export const applicationUrlsSchema = z.object({
  picturePath: picturePathSchema,
  dmgLink: webLink,
  exeLink: webLink,
  playStore: webLink,
  appStore: webLink,
  urlScheme: appLink,
  urlClean: appLink,
  urlOpen: appLink,
  urlLine: webLink,
});
export type ApplicationUrls = z.infer<typeof applicationUrlsSchema>;
export const APPLICATION_URL_FIELDS = Object.keys(applicationUrlsSchema.shape) as (keyof ApplicationUrls)[];

export const APPLICATION_TOGGLES = ['showTokenStatus', 'applicationCodeYesNo', 'applicationCodeRequired'] as const;
export type ApplicationToggle = (typeof APPLICATION_TOGGLES)[number];

const applicationFields = {
  idPlateforme: platformIdSchema,
  name: catalogueNameSchema,
  showTokenStatus: z.boolean(),
  applicationCodeYesNo: z.boolean(),
  applicationCodeRequired: z.boolean(),
  urls: applicationUrlsSchema,
};

/** An application as the catalogue answers it. */
export const applicationSettingSchema = z.object({
  ...applicationFields,
  idApplication: z.number().int(),
  order: z.number().int(),
});
export type ApplicationSetting = z.infer<typeof applicationSettingSchema>;
export const applicationSettingsSchema = z.array(applicationSettingSchema);

/**
 * One application to save (PUT /settings/apps): a new one (`newApplication`; without an order it
 * comes last), or an existing one by `idApplication`.
 */
export const applicationUpdateSchema = z
  .object({
    ...applicationFields,
    idApplication: z.number().int().positive().max(2_147_483_647).optional(),
    newApplication: z.boolean().default(false),
    order: orderSchema.optional(),
  })
  .superRefine(refineAskedRequired<Record<string, unknown>>([['applicationCodeYesNo', 'applicationCodeRequired']]))
  .superRefine((application, context) => {
    if (!application.newApplication && application.idApplication === undefined) {
      context.addIssue({ code: 'custom', path: ['idApplication'], message: UNKNOWN_APPLICATION_SETTING });
    }
  });
export type ApplicationUpdate = z.infer<typeof applicationUpdateSchema>;
