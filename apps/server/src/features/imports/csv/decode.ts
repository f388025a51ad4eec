import iconv from 'iconv-lite';

export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export type DecodedCsv =
  | { ok: true; encoding: CsvEncoding; hadBom: boolean; text: string }
  | { ok: false; reason: 'empty' | 'not_text' | 'spreadsheet' };

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];
/** A zip local file header: .xlsx and .ods files are zip archives. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** The OLE2 compound document header of the old binary .xls. */
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** How many leading characters are sampled for control characters: enough to see any binary header. */
const CONTROL_SAMPLE_LENGTH = 64 * 1024;
/** Above this share of control characters in the sample the file is binary, not text. */
const CONTROL_SHARE_MAX = 0.05;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Turns the uploaded bytes into text, or says why they are not a CSV file.
 *
 * Encodings, in this order:
 * - a byte order mark decides: EF BB BF is UTF-8, FF FE UTF-16LE, FE FF UTF-16BE (Excel's "Texte
 *   Unicode" export); the mark is removed and `hadBom` set;
 * - otherwise the bytes are UTF-8 when a strict decoder accepts them all, else windows-1252 (Excel's
 *   "CSV (séparateur: point-virgule)" on French Windows). Bytes after a UTF-8 mark that are not UTF-8
 *   are read as windows-1252 too, with `hadBom` set.
 *
 * This check is exact for the two encodings a school's spreadsheet writes, which a statistical detector
 * (chardet and the like, guessing from letter frequencies) is not on short files of names. In UTF-8 every
 * byte of 0x80 and above belongs to a sequence: a lead byte C2–F4 followed by one to three continuation
 * bytes 80–BF. In windows-1252 an accented letter is one byte C0–FF followed by an ASCII letter ("é;" is
 * E9 3B), which no UTF-8 sequence allows, so the strict decoder rejects a 1252 file at its first accent.
 * For 1252 text to pass as UTF-8, each accented letter would need to be followed by characters such as
 * ’ œ ‰ ¡ £ ¿ (bytes 80–BF), as in "Ã©", which does not happen in names and classes. UTF-8 is tried first
 * because any byte sequence decodes as 1252 (into "Ã©" mojibake), never the reverse. Pure ASCII reads
 * the same either way and is reported as UTF-8. UTF-16 without a byte order mark is not recognised: its
 * NUL bytes make it 'not_text' (Excel always writes the mark).
 *
 * Failures: 'spreadsheet' for a zip (.xlsx, .ods) or OLE2 (.xls) header; 'not_text' for NUL bytes outside
 * UTF-16 or more than 5 % control characters (other than tab, CR and LF) in the first 64 K characters;
 * 'empty' for no bytes or only whitespace.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  if (startsWith(bytes, ZIP_SIGNATURE) || startsWith(bytes, OLE2_SIGNATURE)) return { ok: false, reason: 'spreadsheet' };
  const decoded = decodeText(bytes);
  if (decoded === undefined) return { ok: false, reason: 'not_text' };
  if (!/\S/.test(decoded.text)) return { ok: false, reason: 'empty' };
  if (hasManyControlCharacters(decoded.text)) return { ok: false, reason: 'not_text' };
  return { ok: true, ...decoded };
}

/** Undefined when the bytes hold NUL outside UTF-16: binary content. */
function decodeText(bytes: Uint8Array): { encoding: CsvEncoding; hadBom: boolean; text: string } | undefined {
  if (startsWith(bytes, UTF16LE_BOM)) {
    return { encoding: 'utf-16le', hadBom: true, text: iconv.decode(bytes.subarray(2), 'utf-16le', { stripBOM: false }) };
  }
  if (startsWith(bytes, UTF16BE_BOM)) {
    return { encoding: 'utf-16be', hadBom: true, text: iconv.decode(bytes.subarray(2), 'utf-16be', { stripBOM: false }) };
  }
  if (bytes.indexOf(0) !== -1) return undefined;
  const hadBom = startsWith(bytes, UTF8_BOM);
  const body = hadBom ? bytes.subarray(UTF8_BOM.length) : bytes;
  const text = decodeUtf8(body);
  if (text !== undefined) return { encoding: 'utf-8', hadBom, text };
  return { encoding: 'windows-1252', hadBom, text: iconv.decode(body, 'windows-1252') };
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function hasManyControlCharacters(text: string): boolean {
  const length = Math.min(text.length, CONTROL_SAMPLE_LENGTH);
  let controls = 0;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) controls++;
  }
  return controls > length * CONTROL_SHARE_MAX;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  if (bytes.length < signature.length) return false;
  return signature.every((byte, index) => bytes[index] === byte);
}
