import i18next, { type i18n } from 'i18next';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };

/** The resources of the documents the server renders, one file a language (src/locales/). */
export const DOCUMENT_RESOURCES = { fr, en, es } as const;

/** An i18next instance over DOCUMENT_RESOURCES, ready once made (the resources are in memory). */
export function createDocumentI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(
      Object.entries(DOCUMENT_RESOURCES).map(([language, translation]) => [language, { translation }]),
    ),
    lng: 'fr',
    fallbackLng: 'fr',
    initAsync: false,
    // A PDF is no HTML page: the words are drawn as they are.
    interpolation: { escapeValue: false },
  });
  return instance;
}
