import { files } from '@console/contract';

/** The extension each accepted image type is stored and served under. */
export const IMAGE_EXTENSIONS: Readonly<Record<files.ImageType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Whether a declared content type is one of the accepted images, whose bytes a store checks. */
export function isImageType(contentType: string): contentType is files.ImageType {
  return (files.IMAGE_TYPES as readonly string[]).includes(contentType);
}

/** The image type a key's extension names (`logos/…-logo.png` → image/png), or undefined. */
export function imageTypeOfKey(key: string): files.ImageType | undefined {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return files.IMAGE_TYPES.find((type) => IMAGE_EXTENSIONS[type] === extension);
}

/** The most bytes an image type's signature spans: what `detectImageType` needs to read. */
export const IMAGE_SIGNATURE_BYTES = 16;

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/**
 * The first bytes of each image type (its magic number), byte by byte; `null` matches any byte.
 * What a browser declares (a file's extension, its Content-Type) proves nothing: these do.
 */
const SIGNATURES: readonly { type: files.ImageType; bytes: readonly (number | null)[] }[] = [
  { type: 'image/png', bytes: [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: ascii('GIF87a') },
  { type: 'image/gif', bytes: ascii('GIF89a') },
  // RIFF, the 4-byte size of the rest, then WEBP.
  { type: 'image/webp', bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')] },
];

/** The image type the bytes start as, or undefined when they are none of the accepted ones. */
export function detectImageType(bytes: Uint8Array): files.ImageType | undefined {
  return SIGNATURES.find(
    ({ bytes: signature }) =>
      signature.length <= bytes.length && signature.every((byte, index) => byte === null || byte === bytes[index]),
  )?.type;
}

/**
 * The image type a stored object's first bytes show, read through a store's `readHead`;
 * undefined when there is no object or its bytes are none of the accepted images.
 */
export async function readImageTypeWith(
  readHead: (key: string, bytes: number) => Promise<Buffer | undefined>,
  key: string,
): Promise<files.ImageType | undefined> {
  const head = await readHead(key, IMAGE_SIGNATURE_BYTES);
  return head === undefined ? undefined : detectImageType(head);
}
