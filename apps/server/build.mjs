// Bundles the server into dist/main.js (workspace packages inlined, npm packages external), and
// each worker thread's code into dist/<name>.js beside it (the code that starts a worker looks
// for it there: platform/workers/worker-pool.ts), the modules they import only when needed into
// dist/chunks/ (src/start-imports.test.ts holds that none of those libraries loads at start),
// and copies the migrations beside them, so that
// `node dist/main.js` runs without TypeScript tooling.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@console/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    'verify.worker': 'src/features/imports/verify/verify.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // A module the server imports only when it needs it (the Redis adapter, with its clients) goes
  // into a chunk of its own, loaded then, rather than at every start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync('src/platform/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built: apps/server/dist/main.js');
