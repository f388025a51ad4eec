import type { Database } from '../client.js';
import { regexSettings } from '../schema/index.js';

/** The default cleaning rules of the name fields; the general settings edit them. */
export const DEFAULT_REGEX_SETTINGS = [
  { fieldName: 'firstname', regexStructure: "[A-Za-zÀ-ÿ' -]", regexSpecial: "-' ", regexConversion: 'FIRSTMAJ' },
  { fieldName: 'lastname', regexStructure: "[A-Za-zÀ-ÿ' -]", regexSpecial: "-' ", regexConversion: 'MAJ' },
  { fieldName: 'login', regexStructure: '[a-z0-9.-]', regexSpecial: '.-', regexConversion: 'MIN' },
] as const;

/** Writes the default regex settings that are missing; an edited one is kept. Runs at every start. */
export async function seedSettings(db: Database): Promise<void> {
  await db
    .insert(regexSettings)
    .values([...DEFAULT_REGEX_SETTINGS])
    .onConflictDoNothing();
}
