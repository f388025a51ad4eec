/**
 * Dates and numbers in the interface language (spec 3 §9): French readers' forms in French,
 * British English in English. Every display format takes its locale from `localeOf`.
 */

/** The locale of an interface language. */
export function localeOf(language: string): 'en-GB' | 'fr-FR' {
  return language.startsWith('en') ? 'en-GB' : 'fr-FR';
}

/** A date and time, short (« 12/03/2025 14:30 »); an unreadable value as it is. */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

const countFormats = new Map<string, Intl.NumberFormat>();

/** A count: '12 345' in French (narrow no-break space), '12,345' in English. */
export function formatCount(count: number, language: string): string {
  const locale = localeOf(language);
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    countFormats.set(locale, format);
  }
  return format.format(count);
}
