import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The fake SFTP server start-server.mjs started for the journeys: where it listens, its key, the folder files land in. */
export type FakeSftp = { port: number; root: string; hostKey: string; user: string; password: string };

export function fakeSftp(): FakeSftp {
  const file = process.env.E2E_SFTP_FILE;
  if (!file) throw new Error('E2E_SFTP_FILE is not set (playwright.config.ts sets it)');
  return JSON.parse(readFileSync(file, 'utf8')) as FakeSftp;
}

/** The bytes of a file the server received in the product's upload folder (ASM_UPLOAD_DIRECTORY, `dropbox` by default). */
export function receivedFile(sftp: FakeSftp, name: string): Buffer {
  return readFileSync(path.join(sftp.root, 'dropbox', name));
}
