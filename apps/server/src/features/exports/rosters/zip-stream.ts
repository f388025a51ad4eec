import type { Readable } from 'node:stream';
import yazl from 'yazl';

/** Files as a zip (deflated, at its root, no folder), written while it is sent. */
export function zipStream(files: Readonly<Record<string, string>>, modified: Date): Readable {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text, 'utf8'), name, { mtime: modified });
  zip.end();
  // yazl types its output as NodeJS.ReadableStream; it is a stream.PassThrough.
  return zip.outputStream as Readable;
}
