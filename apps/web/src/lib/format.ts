/**
 * Dates and numbers in the interface language (spec 3 §9): French readers' forms in French,
 * British English in English. Every display format takes its locale from `localeOf`.
 */

/** The locale of an interface language. */
export function localeOf(language: string): 'en-GB' | 'fr-FR' {
  return language.startsWith('en') ? 'en-GB' : 'fr-FR';
}

type DateStyle = 'short' | 'medium' | 'long';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One format per locale and style, made once: a grid of 5,000 rows formats a date in each. */
function dateFormatOf(language: string, dateStyle: DateStyle, withTime: boolean): Intl.DateTimeFormat {
  const locale = localeOf(language);
  const key = `${locale} ${dateStyle} ${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, withTime ? { dateStyle, timeStyle: 'short' } : { dateStyle });
    dateFormats.set(key, format);
  }
  return format;
}

function formatWith(value: string, format: Intl.DateTimeFormat): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

/**
 * A date and time: short « 12/03/2025 14:30 », long « 12 mars 2025 à 14:30 »; an unreadable value
 * as it is. Every date and time the interface shows goes through here or formatDate.
 */
export function formatDateTime(value: string, language: string, dateStyle: 'short' | 'long' = 'short'): string {
  return formatWith(value, dateFormatOf(language, dateStyle, true));
}

/** A day: short « 12/03/2025 », medium « 12 mars 2025 »; an unreadable value as it is. */
export function formatDate(value: string, language: string, dateStyle: DateStyle = 'short'): string {
  return formatWith(value, dateFormatOf(language, dateStyle, false));
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

/** Free space given in MB as GB with two decimals (spec 3 §9: MB divided by 1000): 12345 → « 12,35 ». */
export function formatGigabytes(megabytes: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    megabytes / 1000,
  );
}

const FILE_SIZE_UNITS = { 'fr-FR': ['o', 'ko', 'Mo', 'Go', 'To'], 'en-GB': ['B', 'kB', 'MB', 'GB', 'TB'] } as const;

/**
 * A file's size in units of 1000, as free space (spec 3 §9), one decimal at most: 1 200 000 →
 * « 1,2 Mo », '1.2 MB'. The unit is the one whose rounded figure stays under 1000, so that
 * 999 960 bytes read « 1 Mo », not « 1 000 ko ». A no-break space keeps the unit with its figure.
 */
export function formatFileSize(bytes: number, language: string): string {
  const locale = localeOf(language);
  const units = FILE_SIZE_UNITS[locale];
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  let exponent = bytes < 1000 ? 0 : Math.min(Math.floor(Math.log10(bytes) / 3), units.length - 1);
  if (exponent < units.length - 1 && Math.round((bytes / 1000 ** exponent) * 10) / 10 >= 1000) exponent += 1;
  return `${format.format(bytes / 1000 ** exponent)}\u00a0${units[exponent]}`;
}
