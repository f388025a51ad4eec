import { z } from 'zod';
import { RECORD_ID_MAX } from '../ids.js';

/**
 * The applications a school gives the pupils and teachers an import creates (beyond the spec,
 * issue "imports … the start of the school year"): without them every imported pupil starts with
 * no access, and every deployment sheet says "Aucun accès à une ressource.". Chosen in the
 * school settings' platforms tab, per profile; the import adds each to a new user whose file
 * does not name it (a file's 0 keeps it off), with the credentials the school's platform
 * settings give, and its preview says which came from the school.
 */

/** The profiles an import creates and a school may give applications to. */
export const DEFAULT_APPLICATION_PROFILES = ['Eleve', 'Enseignant'] as const;
export type DefaultApplicationProfile = (typeof DEFAULT_APPLICATION_PROFILES)[number];

export const UNKNOWN_DEFAULT_APPLICATION = 'school_settings.errors.unknown_application';
export const DEFAULT_APPLICATION_NEEDS_CREDENTIALS = 'school_settings.errors.default_needs_credentials';

/** The most applications of one profile (the catalogue holds a few dozen). */
export const DEFAULT_APPLICATIONS_MAX = 200;

const applicationIds = z
  .array(z.number().int().positive(UNKNOWN_DEFAULT_APPLICATION).max(RECORD_ID_MAX, UNKNOWN_DEFAULT_APPLICATION))
  .max(DEFAULT_APPLICATIONS_MAX);

/** A change of the defaults: each profile named gets exactly these applications (a list replaces the former one). */
export const defaultApplicationsUpdateSchema = z
  .object(
    Object.fromEntries(DEFAULT_APPLICATION_PROFILES.map((profile) => [profile, applicationIds.optional()])) as Record<
      DefaultApplicationProfile,
      z.ZodOptional<typeof applicationIds>
    >,
  )
  .strict();
export type DefaultApplicationsUpdate = z.infer<typeof defaultApplicationsUpdateSchema>;

/** The defaults as read: the application ids of each profile, in the catalogue's order. */
export const defaultApplicationsSchema = z.object(
  Object.fromEntries(DEFAULT_APPLICATION_PROFILES.map((profile) => [profile, z.array(z.number().int())])) as Record<
    DefaultApplicationProfile,
    z.ZodArray<z.ZodNumber>
  >,
);
export type DefaultApplications = z.infer<typeof defaultApplicationsSchema>;

/** An application of the catalogue the defaults are chosen among, by the catalogue's order. */
export const defaultApplicationChoiceSchema = z.object({ id: z.number().int(), name: z.string(), platformName: z.string() });
export type DefaultApplicationChoice = z.infer<typeof defaultApplicationChoiceSchema>;

/** The field of one application of one profile, as the form names it and the server's field errors do. */
export function defaultApplicationField(profile: DefaultApplicationProfile, applicationId: number): string {
  return `defaultApplications.${profile}.${applicationId}`;
}
