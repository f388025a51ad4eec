import { files } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { isUploadKey } from '#adapters/storage/index.js';
import { buildUploadKey, cleanFileStem, STEM_MAX } from './files.service.js';

describe('the stem of a stored name', () => {
  it.each([
    ['Logo École.PNG', 'logo-ecole'],
    ['  Cœur   & Âme (v2).jpeg ', 'coeur-ame-v2'],
    ['archive.tar.gz', 'archive-tar'],
    ['sans-extension', 'sans-extension'],
    ['---.png', 'image'],
    ['日本語.png', 'image'],
    ['.png', 'png'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\Élève\\Logo.png', 'logo'],
    [`${'a'.repeat(STEM_MAX - 1)}-bbbb.png`, 'a'.repeat(STEM_MAX - 1)],
  ])('%j → %j', (name, stem) => expect(cleanFileStem(name)).toBe(stem));

  it(`keeps at most ${STEM_MAX} characters`, () => expect(cleanFileStem('x'.repeat(100))).toHaveLength(STEM_MAX));
});

describe('the key of a new image', () => {
  const random = Buffer.from('00112233445566778899aabb', 'hex');
  it.each([
    [{ name: 'Logo.png', type: 'image/png', flag: 'platform' }, 'platforms/00112233445566778899aabb-logo.png'],
    [{ name: 'Photo été.JPG', type: 'image/jpeg', flag: 'application' }, 'applications/00112233445566778899aabb-photo-ete.jpg'],
    [{ name: 'anim.gif', type: 'image/gif', flag: 'platform' }, 'platforms/00112233445566778899aabb-anim.gif'],
    // The extension follows the type, not the name.
    [{ name: 'picture.png', type: 'image/webp', flag: 'application' }, 'applications/00112233445566778899aabb-picture.webp'],
    [{ name: 'Logo Collège.png', type: 'image/png', flag: 'logo' }, 'logos/00112233445566778899aabb-logo-college.png'],
  ] as const)('%j → %s', (request, key) => expect(buildUploadKey(request, random)).toBe(key));

  it('is new at each upload', () => {
    const request = { name: 'a.png', type: 'image/png', flag: 'platform' } as const;
    expect(buildUploadKey(request)).not.toBe(buildUploadKey(request));
    expect(buildUploadKey(request)).toMatch(/^platforms\/[0-9a-f]{24}-a\.png$/);
  });

  it.each(files.UPLOAD_FLAGS)('is of the form the storage knows as an upload of its kind (%s)', (flag) => {
    for (const name of ['Logo École.PNG', '日本語.png', '---', `${'x'.repeat(100)}.gif`])
      for (const type of files.IMAGE_TYPES) {
        const key = buildUploadKey({ name, type, flag });
        expect(isUploadKey(key, flag), key).toBe(true);
        for (const other of files.UPLOAD_FLAGS.filter((candidate) => candidate !== flag))
          expect(isUploadKey(key, other), key).toBe(false);
      }
  });
});
