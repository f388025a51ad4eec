// `npm start`: builds what is missing (the SPA, the server bundle), then runs the server in this
// process. Migrations run at server start.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestChange(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((folder) => newestChange(path.join(root, folder)) > built);
}

function buildWorkspace(workspace) {
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isStale(path.join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'apps/web/public', 'packages/contract/src'])) {
  buildWorkspace('apps/web');
}
if (isStale(path.join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages/contract/src'])) {
  buildWorkspace('apps/server');
}
process.chdir(root);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
