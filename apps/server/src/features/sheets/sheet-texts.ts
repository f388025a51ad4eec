import type { sheets } from '@console/contract';
import { documentTranslator } from '#platform/i18n/documents.js';

/** The words printed on a sheet, in one of the sheets' languages (spec 3 §9: fr, en, es). */
export type SheetTexts = {
  deployTitle: string;
  /** The label sheets' titles (the PDF's title; labels print no heading). */
  labelBoxTitle: string;
  labelFrameTitle: string;
  school: string;
  name: string;
  classOrLevel: string;
  login: string;
  password: string;
  /** Staff choose their own password: the sheet says so instead of printing one. */
  ownPassword: string;
  /** A secret the caller may not see. */
  hidden: string;
  scan: string;
  accesses: string;
  application: string;
  code: string;
  noAccess: string;
  printedOn: string;
  /** The file of the users without a class, or a level, in the zips by class and by level. */
  noClass: string;
  noLevel: string;
};

/**
 * The words a sheet prints in a language, from the documents' i18next resources
 * (src/locales/<language>.json, `sheets.words`).
 */
export async function sheetTextsOf(language: sheets.SheetLanguage): Promise<SheetTexts> {
  const t = await documentTranslator(language);
  const word = (key: string) => t(`sheets.words.${key}`);
  return {
    deployTitle: word('deploy_title'),
    labelBoxTitle: word('label_box_title'),
    labelFrameTitle: word('label_frame_title'),
    school: word('school'),
    name: word('name'),
    classOrLevel: word('class_or_level'),
    login: word('login'),
    password: word('password'),
    ownPassword: word('own_password'),
    hidden: word('hidden'),
    scan: word('scan'),
    accesses: word('accesses'),
    application: word('application'),
    code: word('code'),
    noAccess: word('no_access'),
    printedOn: word('printed_on'),
    noClass: word('no_class'),
    noLevel: word('no_level'),
  };
}

const LOCALES: Record<sheets.SheetLanguage, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES' };

/** A printing date as the sheet's language writes it, in the console's time zone (TIME_ZONE). */
export function printedDate(language: sheets.SheetLanguage, now: Date, zone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: zone }).format(now);
}
