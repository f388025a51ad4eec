import yauzl from 'yauzl';

/** The most entries and uncompressed bytes a pushed zip may hold: ASM's six files, with room. */
export const ZIP_MAX_ENTRIES = 20;
export const ZIP_MAX_UNCOMPRESSED_BYTES = 500 * 1000 * 1000;

/** Why a zip cannot be read as an archive of text files. */
export class ZipReadError extends Error {}

/** Whether bytes start as a zip does (a local file header, or the end record of an empty zip). */
export function looksLikeZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && [0x0304, 0x0506].includes(bytes.readUInt16BE(2));
}

/**
 * Every file of a zip as UTF-8 text, by its name, read in memory: the shape the contract's ASM
 * validator reads (a folder's entry is kept under its name, so that the validator refuses it).
 * Throws `ZipReadError` for bytes that are not a zip, more than `ZIP_MAX_ENTRIES` entries, or
 * more than `ZIP_MAX_UNCOMPRESSED_BYTES` once inflated (counted while inflating, not from the
 * sizes the zip declares), so that a zip bomb stops early.
 */
export function readZipTexts(bytes: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError) return reject(new ZipReadError(`not a zip: ${openError.message}`));
      const files: Record<string, string> = {};
      let entries = 0;
      let inflated = 0;
      const fail = (error: Error) => {
        zip.close();
        reject(error instanceof ZipReadError ? error : new ZipReadError(error.message));
      };
      zip.on('error', fail);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        if (entries > ZIP_MAX_ENTRIES) return fail(new ZipReadError(`more than ${ZIP_MAX_ENTRIES} entries`));
        if (entry.fileName.endsWith('/')) {
          files[entry.fileName] = '';
          return zip.readEntry();
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return fail(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => {
            inflated += chunk.length;
            if (inflated > ZIP_MAX_UNCOMPRESSED_BYTES) {
              stream.destroy();
              fail(new ZipReadError(`more than ${ZIP_MAX_UNCOMPRESSED_BYTES} bytes once inflated`));
              return;
            }
            chunks.push(chunk);
          });
          stream.on('error', fail);
          stream.on('end', () => {
            files[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
