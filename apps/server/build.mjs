// Bundles the server into dist/main.js (workspace packages inlined, npm packages external) and
// copies the migrations beside it, so that `node dist/main.js` runs without TypeScript tooling.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@console/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync('src/platform/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built: apps/server/dist/main.js');
