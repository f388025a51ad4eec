import { z } from 'zod';
import { defineRoute } from '../http.js';
import { REQUIRED } from '../messages.js';
import { uaiParamsSchema as uaiParams } from '../rules/uai.js';
import { EMAIL_FORMAT, EMAIL_PATTERN } from '../users/fields.js';
import { SHORT_TEXT_MAX, TEXT_TOO_LONG } from './params.js';

/**
 * A school's contact card (spec 2 §2.14): its address (from the school's record), phone, website,
 * the people to contact, its place on a map (the education directory's latitude and longitude)
 * and its logo. Phone, website and people are changed here; only an Administrateur replaces the
 * logo. Messages are translation keys.
 */

export const INVALID_PHONE = 'school_settings.errors.invalid_phone';
export const INVALID_WEBSITE = 'school_settings.errors.invalid_website';
export const NOT_A_LOGO = 'school_settings.errors.not_a_logo';

/** The most people a school lists. */
export const MAX_CONTACTS = 20;
/** A phone number as people write it: digits, spaces, '+', '.', '-', parentheses; at most 30. */
export const PHONE_PATTERN = /^[0-9+().\s-]{0,30}$/;
const WEBSITE_MAX = 300;

/** The address a website is opened at: 'http://' added when it names no scheme (spec 2 §2.14). */
export function websiteHref(website: string): string {
  const text = website.trim();
  return /^https?:\/\//i.test(text) ? text : `http://${text}`;
}

/** Whether a website may be stored: empty, or an http(s) address (its scheme may be left out) with a host holding a dot. */
export function isValidWebsite(website: string): boolean {
  const text = website.trim();
  if (text === '') return true;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^https?:\/\//i.test(text)) return false;
  // eslint-disable-next-line no-control-regex -- a browser drops these from an address before reading it
  if (/[\u0000-\u001F\u007F-\u009F\s]/.test(text)) return false;
  try {
    const url = new URL(websiteHref(text));
    return url.hostname.includes('.') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const shortText = z.string().trim().max(SHORT_TEXT_MAX, TEXT_TOO_LONG);
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, INVALID_PHONE);

export const contactPersonInputSchema = z
  .object({
    firstname: shortText.min(1, REQUIRED),
    lastname: shortText.min(1, REQUIRED),
    poste: shortText,
    email: z
      .string()
      .trim()
      .max(254, TEXT_TOO_LONG)
      .refine((value) => value === '' || EMAIL_PATTERN.test(value), EMAIL_FORMAT),
    phone_pro: phoneSchema,
  })
  .strict();
export type ContactPersonInput = z.infer<typeof contactPersonInputSchema>;

/** `PUT /schools/{uai}/contact`: the parts changed; `contacts` replaces the whole list, in its order. */
export const schoolContactUpdateSchema = z
  .object({
    phone: phoneSchema,
    url: z.string().trim().max(WEBSITE_MAX, TEXT_TOO_LONG).refine(isValidWebsite, INVALID_WEBSITE),
    contacts: z.array(contactPersonInputSchema).max(MAX_CONTACTS),
  })
  .partial()
  .strict();
export type SchoolContactUpdate = z.infer<typeof schoolContactUpdateSchema>;

export const schoolContactSchema = z.object({
  uai: z.string(),
  name: z.string(),
  address: z.string(),
  zip: z.string(),
  town: z.string(),
  phone: z.string(),
  /** As stored: `websiteHref` gives the address to open. */
  url: z.string(),
  contacts: z.array(contactPersonInputSchema.extend({ id: z.number().int() })),
  /** From the education directory; null when the school is not in it (no map then). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The logo's address, null when none was sent. */
  logoUrl: z.string().nullable(),
  abilities: z.object({
    /** ParamEtablissement at Ecriture: phone, website, people. */
    canEdit: z.boolean(),
    /** Only the Administrateur profile (spec 2 §6). */
    canReplaceLogo: z.boolean(),
  }),
});
export type SchoolContact = z.infer<typeof schoolContactSchema>;

/** The logo just uploaded (an upload ticket's `fileUrl`, flag 'logo'), which becomes the school's. */
export const logoUpdateSchema = z.object({ fileUrl: z.string().trim().min(1, REQUIRED).max(500) }).strict();

export const getSchoolContact = defineRoute({
  method: 'GET',
  path: '/schools/:uai/contact',
  right: { area: 'ParamEtablissement', level: 'Lecture' },
  summary: "A school's contact card: address, phone, website, people to contact, map coordinates, logo. Needs adminTabs too.",
  params: uaiParams,
  answer: schoolContactSchema,
});

export const updateSchoolContact = defineRoute({
  method: 'PUT',
  path: '/schools/:uai/contact',
  right: { area: 'ParamEtablissement', level: 'Ecriture' },
  summary: "Changes a school's phone, website and people to contact, all or none; answers the card. Needs adminTabs too.",
  params: uaiParams,
  body: schoolContactUpdateSchema,
  answer: schoolContactSchema,
});

export const replaceSchoolLogo = defineRoute({
  method: 'PUT',
  path: '/schools/:uai/logo',
  right: { area: 'ParamEtablissement', level: 'Ecriture' },
  summary: "Makes an uploaded image (upload flag 'logo') the school's logo; Administrateur only. Answers the card.",
  params: uaiParams,
  body: logoUpdateSchema,
  answer: schoolContactSchema,
});
