// The spec asks for French number formatting whatever the interface language (spec 3 §2.6, §9).
const countFormat = new Intl.NumberFormat('fr-FR');
const shareFormat = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

/** A count the French way: '12 345' (narrow no-break space between thousands). */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** A part of a whole as a French percentage ('12,5 %'); '0 %' when the whole is 0. */
export function formatShare(part: number, whole: number): string {
  return shareFormat.format(whole > 0 ? part / whole : 0);
}
