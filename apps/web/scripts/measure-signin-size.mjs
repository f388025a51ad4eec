// Measures the JavaScript the sign-in page loads: the entry of dist/index.html and every chunk it
// imports statically (what the browser fetches before anything lazy), gzip-compressed.
// Usage: node scripts/measure-signin-size.mjs [--max-kib 150]; exits 1 above the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');
const maxIndex = process.argv.indexOf('--max-kib');
const budgetKib = maxIndex > 0 ? Number(process.argv[maxIndex + 1]) : 150;

const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');

const entryScripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/g)].map((match) => match[1]);
if (entryScripts.length === 0) {
  console.error('No module script in dist/index.html');
  process.exit(1);
}

const chunkByFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk, key]));

const files = new Set();
function visit(file) {
  if (files.has(file)) return;
  files.add(file);
  const chunk = chunkByFile.get(file);
  for (const key of chunk?.imports ?? []) visit(manifest[key].file);
}
for (const script of entryScripts) {
  if (!chunkByFile.has(script)) console.warn(`warning: ${script} is not in the manifest; counting it alone`);
  visit(script);
}

// Modulepreload links are fetched up front too: count them if the build adds any not yet followed.
for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)) visit(match[1]);

let totalBytes = 0;
const rows = [];
for (const file of files) {
  const gzipBytes = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  totalBytes += gzipBytes;
  const chunk = chunkByFile.get(file);
  rows.push(`  ${(gzipBytes / 1024).toFixed(1).padStart(7)} KiB  ${file}${chunk ? `  (${keyOf.get(chunk)})` : ''}`);
}

const totalKib = totalBytes / 1024;
console.log('JavaScript loaded by the sign-in page (gzip):');
console.log(rows.join('\n'));
console.log(`Total: ${totalKib.toFixed(1)} KiB (budget ${budgetKib} KiB)`);
if (totalKib > budgetKib) {
  console.error(`Over budget by ${(totalKib - budgetKib).toFixed(1)} KiB`);
  process.exit(1);
}
