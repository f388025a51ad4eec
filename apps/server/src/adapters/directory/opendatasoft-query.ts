import { hasUaiShape, isValidUai } from '@console/contract';
import { z } from 'zod';
import type { DirectoryRecord } from './school-directory.js';

/** The records endpoint of the dataset, under the Explore API v2.1 base URL. */
export const RECORDS_PATH = '/catalog/datasets/fr-en-annuaire-education/records';

/** The ten fields the console needs (spec 1 §3), asked for explicitly so that records stay small. */
export const DIRECTORY_FIELDS = [
  'identifiant_de_l_etablissement',
  'nom_etablissement',
  'nom_commune',
  'statut_public_prive',
  'code_postal',
  'libelle_departement',
  'libelle_region',
  'adresse_1',
  'latitude',
  'longitude',
] as const;

/** More words than this add nothing to a 5-result search and only lengthen the query. */
const MAX_WORDS = 8;

/** An ODSQL string literal: in double quotes, with backslashes and double quotes escaped. */
export function quoteLiteral(value: string): string {
  return '"' + value.replaceAll('\\', '\\\\').replaceAll('"', '\\"') + '"';
}

/**
 * The `where` clause of a search box text, or undefined when the text has no word. Every word
 * must match (AND): a word shaped like a UAI matches the identifier exactly; any other word is a
 * word-prefix suggestion on the name or the town (OR), as the directory's own search box does.
 */
export function buildSearchWhere(text: string): string | undefined {
  const words = [...new Set(text.split(/\s+/).filter((word) => word.length > 0))].slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  return words
    .map((word) => {
      if (hasUaiShape(word)) return `identifiant_de_l_etablissement=${quoteLiteral(word.toUpperCase())}`;
      const literal = quoteLiteral(word);
      return `(suggest(nom_etablissement, ${literal}) OR suggest(nom_commune, ${literal}))`;
    })
    .join(' AND ');
}

/** The `where` clause of a UAI lookup. */
export function buildUaiWhere(uai: string): string {
  return `identifiant_de_l_etablissement=${quoteLiteral(uai.trim().toUpperCase())}`;
}

/** Text fields come as strings, sometimes as numbers, often as null: all read as trimmed text or null. */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : String(value).trim() || null));

/** A postal code read as a number has lost its leading zero (01000 → 1000): put it back. */
const postalCode = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    const code = typeof value === 'number' ? String(Math.trunc(value)).padStart(5, '0') : value.trim();
    return code || null;
  });

function coordinate(limit: number) {
  return z
    .union([z.number(), z.string()])
    .nullish()
    .transform((value) => {
      if (value === null || value === undefined || value === '') return null;
      const number = Number(value);
      return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
    });
}

const rawRecordSchema = z.object({
  identifiant_de_l_etablissement: z.string(),
  nom_etablissement: z.string().trim().min(1),
  nom_commune: text,
  statut_public_prive: text,
  code_postal: postalCode,
  libelle_departement: text,
  libelle_region: text,
  adresse_1: text,
  latitude: coordinate(90),
  longitude: coordinate(180),
});

/**
 * One directory record as the console uses it, or undefined when it cannot be used: no name, or
 * an identifier that is not a valid UAI (7 digits and the right check letter). Extra fields are
 * ignored; numbers, strings and nulls are all accepted where the directory mixes them.
 */
export function parseDirectoryRecord(raw: unknown): DirectoryRecord | undefined {
  const parsed = rawRecordSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const uai = parsed.data.identifiant_de_l_etablissement.trim().toUpperCase();
  if (!isValidUai(uai)) return undefined;
  return { ...parsed.data, identifiant_de_l_etablissement: uai };
}

/** The envelope of a v2.1 records answer; the records themselves are parsed one by one. */
export const recordsAnswerSchema = z.object({
  total_count: z.number().optional(),
  results: z.array(z.unknown()),
});
