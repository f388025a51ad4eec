import type { Readable } from 'node:stream';
import { compareFrench, type sheets } from '@console/contract';
import yazl from 'yazl';
import type { UserRecord } from '#platform/auth/access.js';
import type { SheetTexts } from './sheet-texts.js';

/** One PDF of a zip: its name in the zip and its users, in the grid's order. */
export type SheetFile = { name: string; users: UserRecord[] };

/**
 * A name a zip entry may bear on every system: letters (accented too), digits, '-', '.', '_'
 * kept, spaces and anything else turned into '_', at most 80 characters.
 */
export function safeFileName(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}.-]+/gu, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, 80);
  return cleaned === '' ? 'fiches' : cleaned;
}

/**
 * The PDFs of a zip mode (spec 3 §7, §9): one per user (unitary, named after the login, which is
 * unique), per class or per level (named after it; the users without one together), in the
 * names' natural order ('6e' before '10e'); each keeps the grid's order. Two names that read the
 * same once made safe are told apart by a number.
 */
export function sheetFilesOf(
  users: readonly UserRecord[],
  mode: Exclude<sheets.SheetMode, 'default'>,
  texts: SheetTexts,
): SheetFile[] {
  const keyOf = (user: UserRecord): string => {
    if (mode === 'unitary') return user.login;
    const value = mode === 'class' ? user.className : user.level;
    return value && value.trim() !== '' ? value.trim() : mode === 'class' ? texts.noClass : texts.noLevel;
  };
  const groups = new Map<string, UserRecord[]>();
  for (const user of users) {
    const key = keyOf(user);
    const group = groups.get(key);
    if (group) group.push(user);
    else groups.set(key, [user]);
  }
  const taken = new Set<string>();
  return [...groups.entries()]
    .sort(([first], [second]) => compareFrench(first, second))
    .map(([key, members]) => {
      const base = safeFileName(key);
      let name = `${base}.pdf`;
      for (let number = 2; taken.has(name.toLowerCase()); number++) name = `${base}_${number}.pdf`;
      taken.add(name.toLowerCase());
      return { name, users: members };
    });
}

/**
 * PDFs as a zip at its root, written while it is sent: each PDF is drawn only when the zip
 * reaches it (so one is drawn at a time), and stored as it is (a PDF is compressed already).
 */
export function zipOfPdfs(files: readonly { name: string; open: () => Promise<Readable> }[], modified: Date): Readable {
  const zip = new yazl.ZipFile();
  for (const file of files) {
    zip.addReadStreamLazy(file.name, { mtime: modified, compress: false }, (done) => {
      file.open().then(
        (stream) => done(null, stream),
        // yazl emits the error on the zip and reads no stream then; its types ask for one anyway.
        (error: unknown) => done(error, undefined as never),
      );
    });
  }
  zip.end();
  // yazl types its output as NodeJS.ReadableStream; it is a stream.PassThrough.
  return zip.outputStream as Readable;
}
