/** Display formats of the user page: dates, device space, initials. */

const localeOf = (language: string) => (language.startsWith('en') ? 'en-GB' : 'fr-FR');

/** A date and time as the language writes it (« 12/03/2025 14:30 »); an unreadable value as it is. */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** Free space given in MB as GB with two decimals (spec 3 §9: MB divided by 1000): 12345 → « 12,35 ». */
export function formatGigabytes(megabytes: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(megabytes / 1000);
}

/** The initials of a name, for the avatar: « Camille Martin » → « CM ». */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toLocaleUpperCase('fr');
}

/** The account's sign-in link, which its QR code carries (spec 3 §7: origin + '/?iduser=' + token). */
export function signInLinkOf(qrCode: string, origin = window.location.origin): string {
  return `${origin}/?iduser=${encodeURIComponent(qrCode)}`;
}
