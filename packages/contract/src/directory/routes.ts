import { z } from 'zod';
import { defineRoute } from '../http.js';

/** Bounds of the add-school dialog's search text (after trimming). */
export const DIRECTORY_QUERY_MIN_LENGTH = 2;
export const DIRECTORY_QUERY_MAX_LENGTH = 100;
/** The directory answers at most this many schools per search (spec 1 §9). */
export const DIRECTORY_RESULT_LIMIT = 5;

/**
 * One school of the public education directory, with the ten fields the add-school dialog
 * shows (spec 1 §3). The UAI is always a valid one (7 digits and the right check letter);
 * every other field may be missing in the directory, hence null.
 */
export const directoryRecordSchema = z.object({
  identifiant_de_l_etablissement: z.string(),
  nom_etablissement: z.string(),
  nom_commune: z.string().nullable(),
  statut_public_prive: z.string().nullable(),
  code_postal: z.string().nullable(),
  libelle_departement: z.string().nullable(),
  libelle_region: z.string().nullable(),
  adresse_1: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type DirectoryRecord = z.infer<typeof directoryRecordSchema>;

export const searchSchoolsQuerySchema = z.object({
  q: z.string().trim().min(DIRECTORY_QUERY_MIN_LENGTH).max(DIRECTORY_QUERY_MAX_LENGTH),
});

export const searchSchools = defineRoute({
  method: 'GET',
  path: '/directory/schools',
  right: { area: 'NavBar_addEtablissement', level: 'Ecriture' },
  summary:
    'Search the public education directory by words of the name or town, or by a full UAI (at most 5 schools). A directory that is down or slow answers 503 service_unavailable with the message directory_unavailable.',
  query: searchSchoolsQuerySchema,
  answer: z.object({ results: z.array(directoryRecordSchema) }),
});
