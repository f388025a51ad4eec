import { describe, expect, it } from 'vitest';
import { formSheetTextsOf, type FormSheetType } from '#features/sheets/form-sheet-texts.js';
import { sheetTextsOf } from '#features/sheets/sheet-texts.js';
import { DOCUMENT_RESOURCES } from './document-resources.js';
import { documentTranslator, type DocumentLanguage } from './documents.js';

/** Every key path of a resource, with the kind of its value (text, or a list of so many texts). */
function shapeOf(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [`${path}: text`];
  if (Array.isArray(value))
    return [`${path}: ${value.length} texts`, ...value.flatMap((item, index) => shapeOf(item, `${path}.${index}`))];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => shapeOf(item, path ? `${path}.${key}` : key));
}

const LANGUAGES: DocumentLanguage[] = ['fr', 'en', 'es'];
const FORMS: FormSheetType[] = ['supervisedEquipment', 'personalEquipment', 'epub'];

describe('the documents’ words', () => {
  it('hold the same keys, texts and lists in fr, en and es', () => {
    for (const language of ['en', 'es'] as const)
      expect(shapeOf(DOCUMENT_RESOURCES[language])).toEqual(shapeOf(DOCUMENT_RESOURCES.fr));
  });

  it('give every word of a sheet in each language, never a key', async () => {
    for (const language of LANGUAGES) {
      const words = Object.values(await sheetTextsOf(language));
      for (const form of FORMS) {
        const texts = await formSheetTextsOf(language, form);
        words.push(
          texts.title,
          ...texts.paragraphs,
          ...texts.fields,
          ...texts.signatures,
          ...(texts.resources ? [texts.resources] : []),
        );
      }
      for (const word of words) expect(word, language).not.toMatch(/^sheets\.|^$/);
    }
  });

  it('speak each language: the same words differ, the printed ones are those of the file', async () => {
    expect((await sheetTextsOf('fr')).noAccess).toBe('Aucun accès à une ressource.');
    expect((await sheetTextsOf('es')).noClass).toBe('sin clase');
    expect((await formSheetTextsOf('en', 'personalEquipment')).signatures).toEqual([
      'The pupil',
      'The legal guardian',
      'For the school',
    ]);
    expect((await formSheetTextsOf('fr', 'supervisedEquipment')).fields).toEqual([
      'Matériel',
      'Numéro de série',
      'Date de remise',
      'Date de restitution',
    ]);
    expect((await documentTranslator('en'))('sheets.words.login')).toBe('Login');
  });
});
