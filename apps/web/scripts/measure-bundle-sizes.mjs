// Measures, gzip-compressed, the JavaScript two moments load (from dist/.vite/manifest.json):
// - the sign-in page: the entry of dist/index.html and every chunk it imports statically;
// - opening the users view: the UsersView chunk and every chunk it imports statically, less what
//   the signed-in shell (SignedInShell and the sign-in page's chunks) has loaded already.
// Usage: node scripts/measure-bundle-sizes.mjs [--signin-max-kib 150] [--users-max-kib 350];
// exits 1 when one is over its budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');
const budgetOf = (flag, fallback) => {
  const index = process.argv.indexOf(flag);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const budgets = { signIn: budgetOf('--signin-max-kib', 150), users: budgetOf('--users-max-kib', 350) };

const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const chunkByFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk, key]));

/** The files a chunk loads before it runs: itself and its static imports, recursively. */
function closureOf(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of chunkByFile.get(file)?.imports ?? []) visit(manifest[key].file);
  };
  files.forEach(visit);
  return seen;
}

function fileOfEntry(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  return chunk.file;
}

const entryScripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/g)].map((match) => match[1]);
if (entryScripts.length === 0) {
  console.error('No module script in dist/index.html');
  process.exit(1);
}
// Modulepreload links are fetched up front too.
const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)].map((match) => match[1]);
const signIn = closureOf([...entryScripts, ...preloads]);
const shell = closureOf([...signIn, fileOfEntry('src/app/shell/SignedInShell.tsx')]);
const usersView = [...closureOf([fileOfEntry('src/features/users/components/UsersView.tsx')])].filter((file) => !shell.has(file));

function report(title, files, budgetKib) {
  let totalBytes = 0;
  const rows = [];
  for (const file of files) {
    const gzipBytes = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
    totalBytes += gzipBytes;
    const chunk = chunkByFile.get(file);
    rows.push(`  ${(gzipBytes / 1024).toFixed(1).padStart(7)} KiB  ${file}${chunk ? `  (${keyOf.get(chunk)})` : ''}`);
  }
  const totalKib = totalBytes / 1024;
  console.log(`${title} (gzip):`);
  console.log(rows.join('\n'));
  console.log(`Total: ${totalKib.toFixed(1)} KiB (budget ${budgetKib} KiB)`);
  if (totalKib > budgetKib) console.error(`Over budget by ${(totalKib - budgetKib).toFixed(1)} KiB`);
  return totalKib <= budgetKib;
}

const isSignInWithin = report('JavaScript loaded by the sign-in page', signIn, budgets.signIn);
const isUsersWithin = report('JavaScript the users view adds when it opens', usersView, budgets.users);
if (!isSignInWithin || !isUsersWithin) process.exit(1);
