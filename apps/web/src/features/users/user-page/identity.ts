/** Who the user page shows: the avatar's initials and the sign-in link (formats: lib/format). */

/** The initials of a name, for the avatar: « Camille Martin » → « CM ». */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toLocaleUpperCase('fr');
}

/** The account's sign-in link, which its QR code carries (spec 3 §7: origin + '/?iduser=' + token). */
export function signInLinkOf(qrCode: string, origin = window.location.origin): string {
  return `${origin}/?iduser=${encodeURIComponent(qrCode)}`;
}
