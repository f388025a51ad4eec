// Numbers follow the interface language: French (spec 3 §2.6, §9) in French, English in English.
type NumberFormats = { count: Intl.NumberFormat; share: Intl.NumberFormat };

const formatsByLanguage = new Map<string, NumberFormats>();

function formatsOf(language: string): NumberFormats {
  const locale = language.startsWith('en') ? 'en-GB' : 'fr-FR';
  let formats = formatsByLanguage.get(locale);
  if (!formats) {
    formats = {
      count: new Intl.NumberFormat(locale),
      share: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
    };
    formatsByLanguage.set(locale, formats);
  }
  return formats;
}

/** A count in an interface language: '12 345' in French (narrow no-break space), '12,345' in English. */
export function formatCount(count: number, language: string): string {
  return formatsOf(language).count.format(count);
}

/** A part of a whole as a percentage: '12,5 %' in French, '12.5%' in English; 0 when the whole is 0. */
export function formatShare(part: number, whole: number, language: string): string {
  return formatsOf(language).share.format(whole > 0 ? part / whole : 0);
}
