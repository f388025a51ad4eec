import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { readZipTexts } from '#features/school-settings/asm/asm-zip.js';
import { archiveOf, entryNameOf, uniqueEntryNames } from './document-archive.js';

describe('the names of an archive’s entries', () => {
  it('keeps a plain name, and replaces what would make a folder, a drive or a hidden file', () => {
    expect(entryNameOf('Règlement intérieur.pdf')).toBe('Règlement intérieur.pdf');
    expect(entryNameOf('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(entryNameOf('C:\\temp\\a.pdf')).toBe('C__temp_a.pdf');
    expect(entryNameOf('.profile')).toBe('_profile');
    expect(entryNameOf('a\u0000b\nc.pdf')).toBe('a_b_c.pdf');
  });

  it('numbers a name met again, whatever its case, before the extension', () => {
    expect(uniqueEntryNames(['a.pdf', 'b.pdf', 'A.pdf', 'a.pdf', 'notes'])).toEqual([
      'a.pdf',
      'b.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'notes',
    ]);
  });
});

describe('the archive', () => {
  const stored: Record<string, string> = { 'documents/1-a.pdf': '%PDF-1.4 un', 'documents/2-b.pdf': '%PDF-1.4 deux' };
  const opened: string[] = [];
  const storage = {
    openRead: (key: string) => {
      opened.push(key);
      const text = stored[key];
      return text === undefined ? Promise.reject(new Error(`no ${key}`)) : Promise.resolve(Readable.from([Buffer.from(text)]));
    },
  };
  const at = new Date('2026-09-01T08:00:00Z');

  it('holds every file under its name, each opened when its turn comes', async () => {
    opened.length = 0;
    const zip = archiveOf(storage, [
      { key: 'documents/1-a.pdf', name: 'Sortie.pdf', updatedAt: at },
      { key: 'documents/2-b.pdf', name: 'Sortie.pdf', updatedAt: at },
    ]);
    // One file at a time: the second waits for the first to be written.
    expect(opened.length).toBeLessThanOrEqual(1);
    expect(await readZipTexts(await buffer(zip))).toEqual({ 'Sortie.pdf': '%PDF-1.4 un', 'Sortie (2).pdf': '%PDF-1.4 deux' });
    expect(opened).toEqual(['documents/1-a.pdf', 'documents/2-b.pdf']);
  });

  it('ends in an error, not a zip missing a file, when the store fails to give one', async () => {
    const zip = archiveOf(storage, [
      { key: 'documents/1-a.pdf', name: 'a.pdf', updatedAt: at },
      { key: 'documents/gone.pdf', name: 'gone.pdf', updatedAt: at },
    ]);
    await expect(buffer(zip)).rejects.toThrow('no documents/gone.pdf');
  });
});
