import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Libraries the server loads only when a request or a setting needs them (docs/testing.md). */
const LOADED_WHEN_USED = [
  'exceljs',
  'pdfkit',
  'i18next',
  'ioredis',
  'bullmq',
  '@socket.io/redis-adapter',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-presigned-post',
  '@aws-sdk/s3-request-presigner',
];

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The npm packages that `entry` (relative to apps/server) imports statically, following only static imports of its own files. */
async function packagesLoadedAtStart(entry: string): Promise<Set<string>> {
  const { metafile } = await build({
    absWorkingDir: SERVER_ROOT,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const input = pending.pop()!;
    if (seen.has(input)) continue;
    seen.add(input);
    for (const imported of metafile.inputs[input]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external)
        packages.add(
          imported.path
            .split('/')
            .slice(0, imported.path.startsWith('@') ? 2 : 1)
            .join('/'),
        );
      else pending.push(imported.path);
    }
  }
  return packages;
}

describe('the server at start', () => {
  it('loads none of the libraries it needs only for an XLSX export, a PDF, Redis or S3', async () => {
    const atStart = await packagesLoadedAtStart('src/main.ts');
    expect(atStart.has('fastify')).toBe(true);
    expect(LOADED_WHEN_USED.filter((name) => atStart.has(name))).toEqual([]);
  });
});
