import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, type CsvEncoding, type DecodedCsv } from './decode.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const bytesOf = (...parts: (number[] | Uint8Array)[]) => new Uint8Array(parts.flatMap((part) => [...part]));
const UTF8_BOM = [0xef, 0xbb, 0xbf];

describe('decodeCsvBytes encodings', () => {
  it.each<[string, Uint8Array, CsvEncoding, boolean, string]>([
    ['UTF-8 with its mark', bytesOf(UTF8_BOM, utf8('Nom;Prénom\nCœur;D’Arc')), 'utf-8', true, 'Nom;Prénom\nCœur;D’Arc'],
    ['UTF-8 without a mark', utf8('Nom;Prénom\nCœur;D’Arc'), 'utf-8', false, 'Nom;Prénom\nCœur;D’Arc'],
    ['pure ASCII, as UTF-8', utf8('Nom;Login\r\n'), 'utf-8', false, 'Nom;Login\r\n'],
    ['windows-1252', iconv.encode('Nom;Prénom\r\nCœur;D’Arc', 'windows-1252'), 'windows-1252', false, 'Nom;Prénom\r\nCœur;D’Arc'],
    [
      'windows-1252 after a UTF-8 mark',
      bytesOf(UTF8_BOM, iconv.encode('Prénom;Zoé', 'windows-1252')),
      'windows-1252',
      true,
      'Prénom;Zoé',
    ],
    [
      'UTF-16LE with its mark',
      bytesOf([0xff, 0xfe], iconv.encode('Nom\tPrénom\r\nŁucja', 'utf-16le')),
      'utf-16le',
      true,
      'Nom\tPrénom\r\nŁucja',
    ],
    [
      'UTF-16BE with its mark',
      bytesOf([0xfe, 0xff], iconv.encode('Nom\tPrénom\r\nSœur', 'utf-16be')),
      'utf-16be',
      true,
      'Nom\tPrénom\r\nSœur',
    ],
  ])('%s', (_name, bytes, encoding, hadBom, text) => {
    expect(decodeCsvBytes(bytes)).toEqual({ ok: true, encoding, hadBom, text });
  });
});

describe('decodeCsvBytes failures', () => {
  it.each<[string, Uint8Array, (DecodedCsv & { ok: false })['reason']]>([
    ['no bytes', new Uint8Array(), 'empty'],
    ['only whitespace', utf8('  \r\n\t\n \r'), 'empty'],
    ['only a UTF-8 mark', bytesOf(UTF8_BOM), 'empty'],
    ['only a UTF-16 mark and spaces', bytesOf([0xff, 0xfe, 0x20, 0x00, 0x0a, 0x00]), 'empty'],
    ['a zip header (.xlsx, .ods)', bytesOf([0x50, 0x4b, 0x03, 0x04], utf8('Nom;Prénom')), 'spreadsheet'],
    ['an old .xls header', bytesOf([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], utf8('Nom;Prénom')), 'spreadsheet'],
    ['a NUL byte in UTF-8 text', utf8('Nom;Prénom\nMartin\u0000;Paul\n'), 'not_text'],
    ['UTF-16 without a mark', iconv.encode('Nom\tPrénom\r\n', 'utf-16le'), 'not_text'],
    ['DEL characters', utf8('Nom;\u007f\u007f\u007fPrénom\u007f\u007f\u007f\n'), 'not_text'],
    ['control characters', utf8('Nom;\u0001\u0002\u0003Prénom\u0004\u0005\u0006\u0007\u0008\u000e\u000f\n'), 'not_text'],
  ])('%s → %s', (_name, bytes, reason) => {
    expect(decodeCsvBytes(bytes)).toEqual({ ok: false, reason });
  });

  it('accepts a few control characters in text', () => {
    expect(decodeCsvBytes(utf8(`Nom;Prénom\n${'Martin;Paul\n'.repeat(5)}Petit\u000b;Jean\n`))).toMatchObject({ ok: true });
  });
});
