import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { imports } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { checkImportFile } from './check-file.js';

/** The templates the import view links to, served by the web app (apps/web/public/imports/). */
const templateOf = (mode: imports.ImportMode) =>
  readFileSync(fileURLToPath(new URL(`../../../../web/public/imports/modele-${mode}.csv`, import.meta.url)));

describe('the import templates the product serves', () => {
  it.each(imports.IMPORT_MODES)('%s: read whole by its own mode, without a problem', (mode) => {
    const check = checkImportFile(templateOf(mode), mode, [], { uai: '0750001A' }, { maxLines: 100 });
    expect(check.problems).toEqual([]);
    expect(check.lines.length).toBeGreaterThan(0);
    // UTF-8 with a byte order mark: Excel opens it with its accents.
    expect(templateOf(mode).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(check.format).toEqual({ encoding: 'utf-8', separator: ';' });
  });
});
