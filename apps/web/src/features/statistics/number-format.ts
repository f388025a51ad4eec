// Numbers follow the interface language: French (spec 3 §2.6, §9) in French, English in English.
// Counts: lib/format's formatCount.
import { localeOf } from '#lib/format';

const shareFormats = new Map<string, Intl.NumberFormat>();

/** A part of a whole as a percentage: '12,5 %' in French, '12.5%' in English; 0 when the whole is 0. */
export function formatShare(part: number, whole: number, language: string): string {
  const locale = localeOf(language);
  let format = shareFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    shareFormats.set(locale, format);
  }
  return format.format(whole > 0 ? part / whole : 0);
}
