import type { TFunction, i18n } from 'i18next';
// A type alone: the resources load with the first document (below), not with this module.
import type { DOCUMENT_RESOURCES } from './document-resources.js';

/**
 * The words of the documents the server renders (PDF sheets), from i18next resources as the
 * browser's (src/locales/<language>.json; docs/conventions.md, "Errors"): the server
 * answers codes and the browser translates them, but a document the server draws is written here.
 * i18next and the resources load with the first document, not at start.
 */
export type DocumentLanguage = keyof typeof DOCUMENT_RESOURCES;

let loading: Promise<i18n> | undefined;

/** A translator fixed on a language: `t('sheets.words.login')`, `t('sheets.loan.fields', { returnObjects: true })`. */
export async function documentTranslator(language: DocumentLanguage): Promise<TFunction> {
  loading ??= import('./document-resources.js').then((resources) => resources.createDocumentI18n());
  return (await loading).getFixedT(language);
}
