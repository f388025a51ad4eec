import type { Database } from '../client.js';
import { linkSettings, regexSettings } from '../schema/index.js';

/** The default cleaning rules of the name fields; the general settings edit them. */
export const DEFAULT_REGEX_SETTINGS = [
  { fieldName: 'firstname', regexStructure: "[A-Za-zÀ-ÿ' -]", regexSpecial: "-' ", regexConversion: 'FIRSTMAJ' },
  { fieldName: 'lastname', regexStructure: "[A-Za-zÀ-ÿ' -]", regexSpecial: "-' ", regexConversion: 'MAJ' },
  { fieldName: 'login', regexStructure: '[a-z0-9.-]', regexSpecial: '.-', regexConversion: 'MIN' },
] as const;

/** The product's link settings and their first values: where the apps and the help are found. */
export const DEFAULT_LINK_SETTINGS = [
  { name: 'appStore', value: 'https://apps.apple.com/fr/app/tabuleo/id1480291711' },
  { name: 'playStore', value: 'https://play.google.com/store/apps/details?id=fr.tabuleo.app' },
  { name: 'windowsInstaller', value: 'https://telechargement.tabuleo.fr/windows/Tabuleo-Setup.exe' },
  { name: 'macInstaller', value: 'https://telechargement.tabuleo.fr/mac/Tabuleo.dmg' },
  { name: 'helpCenter', value: 'https://aide.tabuleo.fr' },
  { name: 'legalNotice', value: 'https://www.tabuleo.fr/mentions-legales' },
] as const;

/** Writes the default regex and link settings that are missing; an edited one is kept. Runs at every start. */
export async function seedSettings(db: Database): Promise<void> {
  await db
    .insert(regexSettings)
    .values([...DEFAULT_REGEX_SETTINGS])
    .onConflictDoNothing();
  await db
    .insert(linkSettings)
    .values([...DEFAULT_LINK_SETTINGS])
    .onConflictDoNothing();
}
