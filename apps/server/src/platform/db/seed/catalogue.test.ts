import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_APPLICATIONS, DEMO_PLATFORMS } from './catalogue.js';

/** The SPA's public folder, which the built product serves at the site's root. */
const publicFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../web/public');

describe('the demo catalogue', () => {
  it('names a picture the product ships for every platform and application (drawn by scripts/draw-demo-pictures.ts)', () => {
    const paths = [
      ...DEMO_PLATFORMS.map((platform) => platform.urls[0]?.picturePath ?? ''),
      ...DEMO_APPLICATIONS.map((application) => application.urls.picturePath ?? ''),
    ];
    for (const picturePath of paths) {
      const file = path.join(publicFolder, picturePath);
      expect({ picturePath, exists: existsSync(file) }).toEqual({ picturePath, exists: true });
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });
});
