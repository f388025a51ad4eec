import { z } from 'zod';
import { REQUIRED } from '../messages.js';
import { recordIdSchema } from '../ids.js';
import { withoutAccents } from '../rules/names.js';
import { isValidUai, UAI_FORMAT_MESSAGE, uaiFieldSchema } from '../rules/uai.js';
import { SCHOOL_TEXT_LIMITS as LIMITS } from './limits.js';

export const UAI_CHECK_LETTER_MESSAGE = 'school.errors.uai_check_letter';

/** A directory text the record may leave out (null or absent). */
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** A French school chosen in the education directory: its record as the directory gave it. */
export const directorySchoolStateSchema = z.object({
  identifiant_de_l_etablissement: z.string().trim(),
  nom_etablissement: z.string().trim().min(1, REQUIRED).max(LIMITS.name),
  nom_commune: optionalText(LIMITS.place),
  statut_public_prive: optionalText(LIMITS.sector),
  code_postal: optionalText(LIMITS.postalCode),
  libelle_departement: optionalText(LIMITS.place),
  libelle_region: optionalText(LIMITS.place),
  adresse_1: optionalText(LIMITS.address),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
});

/** The foreign-school form (spec 1 §3 "New school form"), with its defaults. */
export const foreignSchoolStateSchema = z
  .object({
    uai: uaiFieldSchema,
    name: z.string().trim().min(1, REQUIRED).max(LIMITS.name),
    typeOfEstablishment: recordIdSchema.default(1),
    address: z.string().trim().min(1, REQUIRED).max(LIMITS.address),
    idCounty: z.number().int().default(999),
    sector: z.enum(['Privé', 'Public']).default('Privé'),
    /** 0 when no city is chosen; then nameOfCity and idCountry create one, or the school has no city. */
    idCity: z.number().int().min(0).default(0),
    idCountry: recordIdSchema.nullable().optional(),
    nameOfCity: z.string().trim().max(LIMITS.place).optional(),
    idAcademy: z.number().int().default(99),
  })
  .superRefine((state, context) => {
    if (state.idCity === 0 && state.nameOfCity && !state.idCountry) {
      context.addIssue({ code: 'custom', path: ['idCountry'], message: REQUIRED });
    }
    if (state.idCity === 0 && !state.nameOfCity && state.idCountry) {
      context.addIssue({ code: 'custom', path: ['nameOfCity'], message: REQUIRED });
    }
  });

/**
 * `POST /schools/` {uai, isEtabExist, state}: isEtabExist true for a French school from the
 * directory (its check letter is verified), false for a foreign school typed by hand.
 */
export const createSchoolBodySchema = z.discriminatedUnion('isEtabExist', [
  z
    .object({ uai: uaiFieldSchema, isEtabExist: z.literal(true), state: directorySchoolStateSchema })
    .superRefine((body, context) => {
      if (body.state.identifiant_de_l_etablissement.toUpperCase() !== body.uai) {
        context.addIssue({ code: 'custom', path: ['uai'], message: UAI_FORMAT_MESSAGE });
      } else if (!isValidUai(body.uai)) {
        context.addIssue({ code: 'custom', path: ['uai'], message: UAI_CHECK_LETTER_MESSAGE });
      }
    }),
  z
    .object({ uai: uaiFieldSchema, isEtabExist: z.literal(false), state: foreignSchoolStateSchema })
    .superRefine((body, context) => {
      if (body.state.uai !== body.uai) context.addIssue({ code: 'custom', path: ['uai'], message: UAI_FORMAT_MESSAGE });
    }),
]);
export type CreateSchoolBody = z.infer<typeof createSchoolBodySchema>;

/** The login suffix proposed for a new school: its name without accents, lower case, dashed. */
export function proposeExtension(name: string): string {
  return withoutAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
}
