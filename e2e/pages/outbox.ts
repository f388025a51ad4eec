import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readMail, type ReadMail } from '../../apps/server/test/mail-reader.js';

/** The mails the product wrote into its outbox (the embedded default: one .eml file per message), oldest first. */
export function readOutbox(): ReadMail[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const folder = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.sort().map((name) => readMail(readFileSync(path.join(folder, name), 'utf8')));
}
