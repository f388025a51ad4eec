import type { files } from '@console/contract';
import { IMAGE_EXTENSIONS } from './image-types.js';

/**
 * The shape of a storage key: lower-case letters, digits, '_', '-' and '.', in segments separated
 * by '/', none of them starting with '.' (no '.', '..' nor hidden file), no leading '/'. A key
 * is both an S3 object name and a path under DATA_DIR/files, so this shape is what keeps a key
 * inside that folder, and a served address from naming anything but a stored object.
 */
const STORAGE_KEY = /^[a-z0-9_-][a-z0-9_.-]*(\/[a-z0-9_-][a-z0-9_.-]*)*$/;

/** The longest key: far under the file systems' path limits, with room for the folder. */
export const STORAGE_KEY_MAX = 200;

/** Whether `key` has the shape of a storage key (see STORAGE_KEY). */
export function isStorageKey(key: string): boolean {
  return key.length <= STORAGE_KEY_MAX && STORAGE_KEY.test(key) && !key.includes('..');
}

/** The folder of each kind of image, the first segment of its key. */
export const UPLOAD_FOLDERS: Readonly<Record<files.UploadFlag, string>> = {
  platform: 'platforms',
  application: 'applications',
  logo: 'logos',
};

/** The random part of an uploaded image's key, in bytes (written in hexadecimal). */
export const UPLOAD_RANDOM_BYTES = 12;

const UPLOAD_KEY_REST = new RegExp(
  `^[0-9a-f]{${UPLOAD_RANDOM_BYTES * 2}}-[a-z0-9]+(?:-[a-z0-9]+)*\\.(?:${Object.values(IMAGE_EXTENSIONS).join('|')})$`,
);

/**
 * Whether `key` is of the form an uploaded image of this kind gets (`buildUploadKey` of
 * features/files): `<folder>/<random hex>-<stem>.<image extension>`, the stem lower-case letters
 * and digits in runs joined by '-'. Another key, even of the same folder, was not made by an
 * upload ticket.
 */
export function isUploadKey(key: string, flag: files.UploadFlag): boolean {
  const prefix = `${UPLOAD_FOLDERS[flag]}/`;
  return isStorageKey(key) && key.startsWith(prefix) && UPLOAD_KEY_REST.test(key.slice(prefix.length));
}

/** Where the product serves stored files, whichever store keeps them: `/files/<key>`, outside the API. */
export const FILES_PATH = '/files';

/** The address a stored object is read from: `/files/<key>`. */
export function fileUrlOf(key: string): string {
  return `${FILES_PATH}/${key}`;
}

/**
 * The key `fileUrl` names (`/files/<key>`), or undefined when it is another address: another
 * site, another path, or not a key's shape.
 */
export function keyOfFileUrl(fileUrl: string): string | undefined {
  const prefix = `${FILES_PATH}/`;
  if (!fileUrl.startsWith(prefix)) return undefined;
  const key = fileUrl.slice(prefix.length);
  return isStorageKey(key) ? key : undefined;
}

/**
 * Whether `/files/<key>` is served to anyone, without a signature: an image's key (an image
 * extension) in one of the images' folders (UPLOAD_FOLDERS), as a public bucket's pictures would
 * be. Any other object, a document above all, is served only at a signed download address, even
 * when its name ends in `.png`.
 */
export function isPublicImageKey(key: string): boolean {
  const [folder, ...rest] = key.split('/');
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return (
    isStorageKey(key) &&
    rest.length > 0 &&
    (Object.values(UPLOAD_FOLDERS) as string[]).includes(folder!) &&
    (Object.values(IMAGE_EXTENSIONS) as string[]).includes(extension)
  );
}
