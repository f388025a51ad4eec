import { withoutAccents } from '@console/contract';

/** What a downloaded name may not carry: control characters, which no file name needs. */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** The name given when nothing is left of the file's own. */
const DEFAULT_NAME = 'download';

/**
 * The fallback `filename`: printable ASCII, accents dropped, and no `"`, `\` (quoted-string
 * escapes) nor `%` (which some browsers decode there), each replaced by '_'.
 */
function asciiFallback(name: string): string {
  return withoutAccents(name).replace(/[^\u0020-\u007e]|["\\%]/g, '_');
}

/** RFC 5987's value-chars: what encodeURIComponent leaves but attr-char excludes is escaped too. */
function encodeExtendedValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The Content-Disposition of a download (RFC 6266): the disposition, an ASCII `filename` for
 * clients that read nothing else, and the real name in `filename*` (RFC 5987: UTF-8,
 * percent-encoded), which browsers prefer. The header is ASCII whatever the name, so that it
 * travels through any server and any S3 store unchanged.
 */
export function contentDispositionOf(disposition: 'inline' | 'attachment', fileName: string): string {
  const name = fileName.replace(CONTROL_CHARACTERS, '').trim() || DEFAULT_NAME;
  return `${disposition}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeExtendedValue(name)}`;
}
