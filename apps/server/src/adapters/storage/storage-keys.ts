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
