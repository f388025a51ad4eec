import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileStorage } from '#adapters/storage/index.js';

/**
 * The archive of several documents (`POST /files/archive`): a zip written while it is sent, each
 * file read from the store only when its turn comes, so that memory stays flat whatever the sizes.
 * Stored, not deflated: PDFs and EPUBs are compressed already, and deflating would cost the main
 * thread for little.
 */

/** A name safe as a zip entry: no folder, no drive, no control character; '_' stands for each. */
export function entryNameOf(name: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what is replaced.
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').replace(/^\.+/, '_');
  return safe === '' ? 'document' : safe;
}

/** The entry names of files named `names`, in order: a name met again is numbered, 'a.pdf' then 'a (2).pdf'. */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const safe = entryNameOf(name);
    const dot = safe.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    let candidate = safe;
    for (let number = 2; taken.has(candidate.toLowerCase()); number++) candidate = `${stem} (${number})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** A zip of these stored files, under their names, streamed: each opened from the store in turn. */
export function archiveOf(
  storage: Pick<FileStorage, 'openRead'>,
  documents: readonly { key: string; name: string; updatedAt: Date }[],
): Readable {
  const zip = new yazl.ZipFile();
  // yazl's output stream as it is: a stream.PassThrough (typed NodeJS.ReadableStream).
  const output = zip.outputStream as Readable;
  // A file the store fails to give ends the archive with that error (the answer is cut, never a
  // zip missing a file without a word); unheard, yazl's 'error' would stop the process.
  zip.on('error', (error: Error) => output.destroy(error));
  const names = uniqueEntryNames(documents.map((document) => document.name));
  documents.forEach((document, index) => {
    zip.addReadStreamLazy(names[index]!, { mtime: document.updatedAt, compress: false }, (callback) => {
      storage.openRead(document.key).then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, null as never),
      );
    });
  });
  zip.end();
  return output;
}
