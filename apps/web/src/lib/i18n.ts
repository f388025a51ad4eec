import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

const STORAGE_KEY = 'console.language';

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** The language chosen in a previous visit, French otherwise. */
export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing may refuse storage: the choice then lasts for this page only.
  }
}

async function fetchTranslations(language: Language): Promise<Record<string, unknown>> {
  const response = await fetch(`/locales/${language}.json`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`translations ${language}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

function followDocumentLanguage(instance: I18n): void {
  const apply = (language: string) => {
    document.documentElement.lang = language;
  };
  apply(instance.language);
  instance.on('languageChanged', apply);
}

/**
 * Creates and initialises an i18next instance for React. Without `resources`, the translations of
 * the stored language are fetched from /locales/{language}.json first (the promise rejects if
 * that fails).
 */
export async function startI18n(options: { language?: Language; resources?: Resource } = {}): Promise<I18n> {
  const language = options.language ?? readStoredLanguage();
  const resources = options.resources ?? { [language]: { translation: await fetchTranslations(language) } };
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  followDocumentLanguage(instance);
  return instance;
}

/** Switches the interface language, loading its translations if needed, and keeps the choice. */
export async function changeLanguage(instance: I18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await fetchTranslations(language));
  }
  await instance.changeLanguage(language);
  storeLanguage(language);
}
