import { files } from '@console/contract';
import { ApiError, call, readError } from './api';

/**
 * Uploads an image the way the storage expects (spec 2 §7): an upload ticket from the API, then
 * the file posted straight to the ticket's address with its signed fields first (the signed-POST
 * protocol of S3, which the embedded storage speaks too). Answers the image's address, to store
 * as a picturePath. Rejects with an ApiError: the storage's refusal (not an image, too large)
 * carries its field error under `file`.
 */
export async function uploadImage(file: File, flag: files.UploadFlag): Promise<string> {
  const type = (files.IMAGE_TYPES as readonly string[]).includes(file.type) ? (file.type as files.ImageType) : null;
  if (!type) throw new ApiError(400, 'validation_failed', 'Not an image', { file: [files.NOT_AN_IMAGE] });
  if (file.size > files.MAX_IMAGE_BYTES)
    throw new ApiError(400, 'validation_failed', 'Image too large', { file: [files.IMAGE_TOO_LARGE] });
  const ticket = await call(files.createUpload, { body: { name: file.name, type, flag } });
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(ticket.url, { method: 'POST', credentials: 'include', body: form });
  } catch {
    throw new ApiError(0, 'network_error', 'The storage could not be reached.');
  }
  if (!response.ok) throw await readError(response);
  return ticket.fileUrl;
}
