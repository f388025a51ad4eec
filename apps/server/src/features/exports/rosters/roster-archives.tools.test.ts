import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.js';
import { arrangeArchiveSchool, postArchive, readZip } from './roster-archives.test-support.js';

/** csvkit's csvclean finds no structural error (RFC 4180: columns per row, quoting) in each file of each archive. */
let t: TestContext;
let arranged: Awaited<ReturnType<typeof arrangeArchiveSchool>>;
let folder: string;

beforeAll(async () => {
  t = await createTestContext({ SESSION_CACHE_MS: '0' });
  arranged = await arrangeArchiveSchool(t);
  folder = mkdtempSync(join(tmpdir(), 'archives-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

describe.each(['asm', 'oneroster'] as const)('the %s archive read by csvclean', (kind) => {
  it('has no error in any file', async () => {
    const response = await postArchive(t, arranged.cookies.manager, kind, {
      uai: arranged.home,
      userIds: arranged.selectedIds,
    });
    expect(response.statusCode).toBe(200);
    const files = await readZip(response.rawPayload);
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(6);
    for (const [name, text] of Object.entries(files)) {
      const path = join(folder, `${kind}-${name}`);
      writeFileSync(path, text);
      expect(execFileSync('csvclean', ['-n', path], { encoding: 'utf8' }), name).toBe('No errors.\n');
    }
  });

  it('csvclean does find a broken file (the check can fail)', () => {
    const path = join(folder, `${kind}-broken.csv`);
    writeFileSync(path, 'a,b\n1,2\n3\n');
    expect(execFileSync('csvclean', ['-n', path], { encoding: 'utf8' })).toContain('Expected 2 columns, found 1 columns');
  });
});
