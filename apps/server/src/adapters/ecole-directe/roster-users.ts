import { z } from 'zod';
import type { EcoleDirectePerson } from './school-roster.js';

/*
 * The `data` of `utilisateurs/eleves` and `utilisateurs/professeurs` (docs/external-formats.md
 * §5.2): `{utilisateurs: [...]}`, a pupil with `id`, `civilite`, `nom`, `prenom`, `type`, `profil`,
 * `idClasse`, `libelleClasse` and account fields (`otp`, `dejaConnecte`, `badge`, `photo`…), a
 * teacher the same without a class. Only the id, the names and the class label are read; the
 * other fields are ignored and never kept.
 */

/** EcoleDirecte's ids are numbers; a non-blank string is read too. */
const idSchema = z.union([z.number().int().nonnegative(), z.string().trim().min(1)]).transform(String);

const personFields = {
  id: idSchema,
  /** A person without a last name cannot be matched nor created: the answer is not usable. */
  nom: z.string().trim().min(1),
  prenom: z.string().trim(),
};

const pupilsSchema = z.object({
  utilisateurs: z.array(z.object({ ...personFields, libelleClasse: z.string().trim().nullish() })),
});

const teachersSchema = z.object({ utilisateurs: z.array(z.object(personFields)) });

/**
 * The pupils of a `utilisateurs/eleves` answer's data; a blank or missing class label is null (a
 * pupil in no class). Undefined when the data or any of its items is not of the documented shape:
 * a roster with a hole would be imported as if complete.
 */
export function parsePupils(data: unknown): EcoleDirectePerson[] | undefined {
  const parsed = pupilsSchema.safeParse(data);
  if (!parsed.success) return undefined;
  return parsed.data.utilisateurs.map((pupil) => ({
    id: pupil.id,
    lastname: pupil.nom,
    firstname: pupil.prenom,
    className: pupil.libelleClasse || null,
  }));
}

/** The teachers of a `utilisateurs/professeurs` answer's data, with no class; undefined as parsePupils. */
export function parseTeachers(data: unknown): EcoleDirectePerson[] | undefined {
  const parsed = teachersSchema.safeParse(data);
  if (!parsed.success) return undefined;
  return parsed.data.utilisateurs.map((teacher) => ({
    id: teacher.id,
    lastname: teacher.nom,
    firstname: teacher.prenom,
    className: null,
  }));
}
