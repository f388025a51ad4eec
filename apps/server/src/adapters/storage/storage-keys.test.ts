import { describe, expect, it } from 'vitest';
import { fileUrlOf, isPublicImageKey, isStorageKey, isUploadKey, keyOfFileUrl, STORAGE_KEY_MAX } from './storage-keys.js';

describe('storage keys', () => {
  it.each(['platforms/0123abcd-logo-ecole.png', 'applications/ff00-app.webp', 'a', 'a/b/c_d-e.f.jpg'])('accepts %s', (key) => {
    expect(isStorageKey(key)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['a parent folder', '../secret.key'],
    ['a parent folder inside', 'platforms/../../secret.key'],
    ['two dots inside a name', 'platforms/a..png'],
    ['the current folder', 'platforms/./a.png'],
    ['absolute', '/etc/passwd'],
    ['a hidden or temporary file', 'platforms/.a.png.0a1b.part'],
    ['a folder (trailing slash)', 'platforms/'],
    ['an empty segment', 'platforms//a.png'],
    ['a backslash', 'platforms\\a.png'],
    ['upper case', 'platforms/Logo.png'],
    ['an accent', 'platforms/école.png'],
    ['a space', 'platforms/a b.png'],
    ['a NUL', 'platforms/a\u0000.png'],
    ['a percent escape', 'platforms/%2e%2e/a.png'],
    ['too long', `platforms/${'a'.repeat(STORAGE_KEY_MAX)}.png`],
  ])('refuses %s', (_name, key) => expect(isStorageKey(key)).toBe(false));
});

describe("an uploaded image's key", () => {
  const random = '00112233445566778899aabb';
  it.each([
    [`logos/${random}-logo-ecole.png`, 'logo'],
    [`logos/${random}-image.webp`, 'logo'],
    [`logos/${random}-a1.jpg`, 'logo'],
    [`platforms/${random}-pne.gif`, 'platform'],
    [`applications/${random}-app.png`, 'application'],
  ] as const)('accepts %s as a %s', (key, flag) => expect(isUploadKey(key, flag)).toBe(true));

  it.each([
    ['another kind', `platforms/${random}-logo.png`, 'logo'],
    ['no random part', 'logos/logo.png', 'logo'],
    ['a short random part', 'logos/0011-logo.png', 'logo'],
    ['no stem', `logos/${random}.png`, 'logo'],
    ['another extension', `logos/${random}-logo.svg`, 'logo'],
    ['a sub-folder', `logos/sub/${random}-logo.png`, 'logo'],
    ['a parent folder', `logos/../${random}-logo.png`, 'logo'],
    ['upper case', `logos/${random.toUpperCase()}-logo.png`, 'logo'],
    ['a doubled dash', `logos/${random}-logo--ecole.png`, 'logo'],
  ] as const)('refuses %s', (_name, key, flag) => expect(isUploadKey(key, flag)).toBe(false));
});

describe('the addresses of stored files', () => {
  it('are /files/<key>, read back to the key, and nothing else is', () => {
    expect(fileUrlOf('logos/ab-logo.png')).toBe('/files/logos/ab-logo.png');
    expect(keyOfFileUrl('/files/logos/ab-logo.png')).toBe('logos/ab-logo.png');
    expect(keyOfFileUrl('/files/documents/ab-notes.pdf')).toBe('documents/ab-notes.pdf');
    for (const other of [
      'logos/ab-logo.png',
      'https://example.fr/files/logos/a.png',
      '/files/',
      '/files/../secret.key',
      '/api/files/a.png',
    ])
      expect(keyOfFileUrl(other), other).toBeUndefined();
  });

  it.each([
    'platforms/ab-logo.png',
    'applications/ab-app.webp',
    'logos/ab-logo.jpg',
    'logos/ab-anim.gif',
    'logos/sub/ab-logo.png',
  ])("serve %s publicly: an image in the images' folders", (key) => expect(isPublicImageKey(key)).toBe(true));

  it.each([
    ['a document named like an image', 'documents/ab-scan.png'],
    ["an image outside the images' folders", 'exports/ab-chart.png'],
    ['no folder', 'logo.png'],
    ["another kind of file in an images' folder", 'logos/ab-page.html'],
    ['an SVG', 'logos/ab-logo.svg'],
    ['a folder name only', 'logos'],
    ['not a key', 'logos/../secret.png'],
  ])('serve %s only at a signed address', (_name, key) => expect(isPublicImageKey(key)).toBe(false));
});
