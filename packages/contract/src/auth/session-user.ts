import { z } from 'zod';
import { profileNameSchema, rightsMapSchema } from '../rights-schema.js';

/** The languages of the console's interface. */
export const INTERFACE_LANGUAGES = ['fr', 'en'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
export const interfaceLanguageSchema = z.enum(INTERFACE_LANGUAGES);

/** A stored language as the interface knows it: null for none, or for one it no longer offers. */
export function interfaceLanguageOf(value: unknown): InterfaceLanguage | null {
  return INTERFACE_LANGUAGES.find((language) => language === value) ?? null;
}

/** The signed-in user, as `POST /auth/login`, `POST /auth/login/token` and `GET /auth/me` answer it. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  IDutilisateur: z.number().int(),
  profile: profileNameSchema,
  profileId: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  uai: z.string().nullable(),
  /**
   * The name of the user's school (`uai`), so that the top bar names it for those who may not
   * read schools (pupils, teachers); null for a user without a school.
   */
  schoolName: z.string().nullable(),
  rights: rightsMapSchema,
  /** The interface language the user chose, kept with the account; null until they choose one. */
  language: interfaceLanguageSchema.nullable(),
  informations: z.object({
    login: z.string(),
    uai: z.string().nullable(),
    /** The content of the user's sign-in QR code: their opaque link token; null for staff, who sign in by password. */
    qrCode: z.string().nullable(),
  }),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;
