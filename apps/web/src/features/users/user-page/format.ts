import { localeOf } from '#lib/format';

/** Display formats of the user page: device space, initials (dates: lib/format). */

/** Free space given in MB as GB with two decimals (spec 3 §9: MB divided by 1000): 12345 → « 12,35 ». */
export function formatGigabytes(megabytes: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    megabytes / 1000,
  );
}

/** The initials of a name, for the avatar: « Camille Martin » → « CM ». */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toLocaleUpperCase('fr');
}

/** The account's sign-in link, which its QR code carries (spec 3 §7: origin + '/?iduser=' + token). */
export function signInLinkOf(qrCode: string, origin = window.location.origin): string {
  return `${origin}/?iduser=${encodeURIComponent(qrCode)}`;
}
