/** What a drop brought: the files to check and send, and the names of the folders, which are refused. */
export type Dropped = { files: File[]; folders: string[] };

/** A folder's size as some systems give it: none, or whole blocks of 4 KiB. */
const FOLDER_BLOCK = 4096;

/**
 * Whether a file a browser gave without its file-system entry is a folder: no type, a folder's
 * size, and bytes that cannot be read (a real empty file, or one of 4 KiB, reads).
 */
export async function looksLikeFolder(file: File): Promise<boolean> {
  if (file.type !== '' || file.size % FOLDER_BLOCK !== 0) return false;
  try {
    await file.slice(0, 1).arrayBuffer();
    return false;
  } catch {
    return true;
  }
}

/**
 * Sorts a drop's items into files and folders: a folder by its entry (`webkitGetAsEntry`), else
 * by `looksLikeFolder`. Call it within the drop's handler: the items are read at once, as they
 * are gone once it returns.
 */
export async function sortDropped(data: DataTransfer): Promise<Dropped> {
  const items = data.items ? Array.from({ length: data.items.length }, (_, index) => data.items[index]!) : [];
  const read =
    items.length > 0
      ? items
          .filter((item) => item.kind === 'file')
          .map((item) => ({
            entry: typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null,
            file: item.getAsFile(),
          }))
      : Array.from(data.files ?? [], (file) => ({ entry: null, file }));
  const dropped: Dropped = { files: [], folders: [] };
  for (const { entry, file } of read) {
    if (entry?.isDirectory) dropped.folders.push(entry.name);
    else if (!file) continue;
    else if (!entry && (await looksLikeFolder(file))) dropped.folders.push(file.name);
    else dropped.files.push(file);
  }
  return dropped;
}
