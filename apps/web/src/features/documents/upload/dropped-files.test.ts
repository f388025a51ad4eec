import { describe, expect, it } from 'vitest';
import { looksLikeFolder, sortDropped } from './dropped-files';

type Entry = { isDirectory: boolean; name: string } | null;

/** A drop's item as a browser gives it: a file, and its file-system entry when the browser has them. */
const item = (file: File, entry: Entry | undefined) => ({
  kind: 'file',
  getAsFile: () => file,
  ...(entry === undefined ? {} : { webkitGetAsEntry: () => entry }),
});

const dropOf = (items: ReturnType<typeof item>[]) =>
  ({ items, files: items.map((each) => each.getAsFile()) }) as unknown as DataTransfer;

/** What a browser gives for a folder without entries: no type, a folder's size, bytes that cannot be read. */
function folderFile(name: string, size: number): File {
  const file = new File([], name);
  Object.defineProperty(file, 'size', { value: size });
  Object.defineProperty(file, 'slice', {
    value: () => ({ arrayBuffer: () => Promise.reject(new DOMException('NotFound', 'NotFoundError')) }),
  });
  return file;
}

const pdf = new File(['%PDF'], 'cours.pdf', { type: 'application/pdf' });

describe('dropped files', () => {
  it('refuses a folder by its entry', async () => {
    const folder = new File([], 'Cours');
    const dropped = await sortDropped(
      dropOf([item(pdf, { isDirectory: false, name: 'cours.pdf' }), item(folder, { isDirectory: true, name: 'Cours' })]),
    );
    expect(dropped).toEqual({ files: [pdf], folders: ['Cours'] });
  });

  it('tells a folder without entries by its type, size and unreadable bytes', async () => {
    expect(await looksLikeFolder(folderFile('Photos', 0))).toBe(true);
    expect(await looksLikeFolder(folderFile('Photos', 8192))).toBe(true);
    expect(await looksLikeFolder(folderFile('Photos', 1000))).toBe(false);
    expect(await looksLikeFolder(new File([], 'vide'))).toBe(false);
    expect(await looksLikeFolder(new File([new Uint8Array(4096)], 'bloc'))).toBe(false);
    expect(await looksLikeFolder(pdf)).toBe(false);

    const folder = folderFile('Photos', 4096);
    expect(await sortDropped(dropOf([item(pdf, undefined), item(folder, undefined)]))).toEqual({
      files: [pdf],
      folders: ['Photos'],
    });
    expect(await sortDropped(dropOf([item(folder, null)]))).toEqual({ files: [], folders: ['Photos'] });
  });

  it("reads the drop's files when it lists no items", async () => {
    expect(await sortDropped({ files: [pdf] } as unknown as DataTransfer)).toEqual({ files: [pdf], folders: [] });
  });
});
