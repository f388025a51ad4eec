import { z } from 'zod';
import { profileNameSchema, rightsMapSchema } from '../rights-schema.js';

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
  informations: z.object({
    login: z.string(),
    uai: z.string().nullable(),
    /** The content of the user's sign-in QR code: their opaque link token; null for staff, who sign in by password. */
    qrCode: z.string().nullable(),
  }),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;
