import type { sheets } from '@console/contract';
import { documentTranslator } from '#platform/i18n/documents.js';

/** What a form sheet prints besides its head: its words, in one of the sheets' languages. */
export type FormSheetTexts = {
  title: string;
  /** The paragraphs under the head (conditions of a loan, steps to follow). */
  paragraphs: string[];
  /** The lines to fill in by hand (the device, its serial number, dates). */
  fields: string[];
  /** The signature boxes, one per party. */
  signatures: string[];
  /** The heading of the user's resources, listed when given (the epub sheet). */
  resources?: string;
};

export type FormSheetType = 'supervisedEquipment' | 'personalEquipment' | 'epub';

/**
 * The loan sheets (supervised use: the device stays at school; personal use: it goes home, and
 * the legal guardian signs too) and the offline textbooks sheet (epub), in a language, from the
 * documents' i18next resources (src/locales/<language>.json, `sheets.loan` and `sheets.forms`).
 */
export async function formSheetTextsOf(language: sheets.SheetLanguage, type: FormSheetType): Promise<FormSheetTexts> {
  const t = await documentTranslator(language);
  const list = (key: string) => t(key, { returnObjects: true }) as unknown as string[];
  const loan = {
    fields: list('sheets.loan.fields'),
    pupil: t('sheets.loan.pupil'),
    guardian: t('sheets.loan.guardian'),
    school: t('sheets.loan.school'),
  };
  switch (type) {
    case 'supervisedEquipment':
      return {
        title: t('sheets.forms.supervised_equipment.title'),
        paragraphs: list('sheets.forms.supervised_equipment.paragraphs'),
        fields: loan.fields,
        signatures: [loan.pupil, loan.school],
      };
    case 'personalEquipment':
      return {
        title: t('sheets.forms.personal_equipment.title'),
        paragraphs: list('sheets.forms.personal_equipment.paragraphs'),
        fields: loan.fields,
        signatures: [loan.pupil, loan.guardian, loan.school],
      };
    case 'epub':
      return {
        title: t('sheets.forms.epub.title'),
        paragraphs: list('sheets.forms.epub.paragraphs'),
        fields: [],
        signatures: [],
        resources: t('sheets.forms.epub.resources'),
      };
  }
}
