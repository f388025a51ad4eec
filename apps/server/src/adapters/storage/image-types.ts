import type { files } from '@console/contract';

/** The extension each accepted image type is stored and served under. */
export const IMAGE_EXTENSIONS: Readonly<Record<files.ImageType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

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
