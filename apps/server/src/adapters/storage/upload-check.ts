import { Transform } from 'node:stream';
import { detectImageType, IMAGE_SIGNATURE_BYTES, isImageType } from './image-types.js';
import type { UploadPolicy } from './upload-policy.js';

/**
 * Why the embedded storage refuses a post: a ticket forged, altered or expired; a file not the
 * image allowed, larger than its ticket allows, or empty (a bucket's content-length-range starts
 * at 1 byte).
 */
export type UploadRefusal = 'forged' | 'expired' | 'not_an_image' | 'too_large' | 'empty';

export class UploadRefusedError extends Error {
  readonly reason: UploadRefusal;

  constructor(reason: UploadRefusal, message: string) {
    super(message);
    this.name = 'UploadRefusedError';
    this.reason = reason;
  }
}

/**
 * The file posted failed before it was whole (a body cut short, or one its parser cannot read):
 * the sender's doing, not the store's. `cause` is the source's own error.
 */
export class UploadSourceError extends Error {
  constructor(cause: unknown) {
    super('The uploaded file could not be read to its end', { cause });
    this.name = 'UploadSourceError';
  }
}

/**
 * The check a posted file streams through on its way to the disk, chunk by chunk and without
 * holding it: it fails with UploadRefusedError as soon as the file passes the policy's
 * `maxBytes` ('too_large') or, for an image type, as soon as its first bytes are known not to be
 * that image's ('not_an_image'), and at the end when it is empty ('empty'; an empty image is
 * 'not_an_image', as any bytes too few to be one). Its failure stops the pipeline: nothing more
 * is read.
 */
export function uploadCheck(policy: Pick<UploadPolicy, 'contentType' | 'maxBytes'>): Transform {
  const { contentType, maxBytes } = policy;
  let received = 0;
  // The first bytes, until there are enough to tell the image type; undefined once told (or for another type).
  let head: Buffer | undefined = isImageType(contentType) ? Buffer.alloc(0) : undefined;
  const notAnImage = () => new UploadRefusedError('not_an_image', `The file is not ${contentType}`);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (head !== undefined) {
        head = Buffer.concat([head, chunk.subarray(0, IMAGE_SIGNATURE_BYTES - head.length)]);
        if (head.length >= IMAGE_SIGNATURE_BYTES) {
          if (detectImageType(head) !== contentType) return callback(notAnImage());
          head = undefined;
        }
      }
      if (received > maxBytes) return callback(new UploadRefusedError('too_large', 'The file is larger than its ticket allows'));
      callback(null, chunk);
    },
    flush(callback) {
      if (head !== undefined && detectImageType(head) !== contentType) return callback(notAnImage());
      if (received === 0) return callback(new UploadRefusedError('empty', 'The file is empty'));
      callback();
    },
  });
}
