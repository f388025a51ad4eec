import { describe, expect, it } from 'vitest';
import { contentDispositionOf } from './content-disposition.js';

describe('the Content-Disposition of a download', () => {
  it.each([
    ['a plain name', 'attachment', 'notes.pdf', `attachment; filename="notes.pdf"; filename*=UTF-8''notes.pdf`],
    [
      'accents and spaces',
      'attachment',
      'Bulletin Élève été.pdf',
      `attachment; filename="Bulletin Eleve ete.pdf"; filename*=UTF-8''Bulletin%20%C3%89l%C3%A8ve%20%C3%A9t%C3%A9.pdf`,
    ],
    [
      'quotes, backslash and percent',
      'inline',
      'a "b"\\c 100%.txt',
      `inline; filename="a _b__c 100_.txt"; filename*=UTF-8''a%20%22b%22%5Cc%20100%25.txt`,
    ],
    [
      "RFC 5987's excluded marks",
      'inline',
      "l'an (1)*.txt",
      `inline; filename="l'an (1)*.txt"; filename*=UTF-8''l%27an%20%281%29%2A.txt`,
    ],
    ['a script beyond Latin', 'attachment', '日本.pdf', `attachment; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`],
    [
      'a header injection attempt',
      'attachment',
      'a\r\nSet-Cookie: x=1.pdf',
      `attachment; filename="aSet-Cookie: x=1.pdf"; filename*=UTF-8''aSet-Cookie%3A%20x%3D1.pdf`,
    ],
    ['nothing left', 'attachment', ' \n ', `attachment; filename="download"; filename*=UTF-8''download`],
  ] as const)('%s', (_name, disposition, fileName, expected) => {
    const header = contentDispositionOf(disposition, fileName);
    expect(header).toBe(expected);
    expect(header).toMatch(/^[\u0020-\u007e]+$/);
  });
});
