import { ApiError, readError } from '#lib/api';
import { webAddressOf } from '#lib/web-address';

/** The rejection of a transfer the user cancelled. */
export function uploadCancelled(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/** Whether an error is a cancelled transfer. */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The error an answer outside 2xx describes: the storage's JSON error body as `readError` reads it, else its status. */
function errorOf(xhr: XMLHttpRequest): Promise<ApiError> {
  try {
    const body = xhr.responseText === '' ? null : xhr.responseText;
    return readError(new Response(body, { status: xhr.status, statusText: xhr.statusText }));
  } catch {
    // A status a Response cannot carry (below 200, a 304 with a body…).
    return Promise.resolve(new ApiError(xhr.status, 'unknown_error', xhr.statusText));
  }
}

/**
 * Posts a file to an upload ticket's address as the signed-POST protocol wants it (see
 * `#lib/uploads`): multipart/form-data with the ticket's fields first, then `file`, with the
 * session's cookies. With XMLHttpRequest, as fetch tells nothing of an upload's progress:
 * `onProgress` hears the share sent, from 0 to 1. Resolves on a 2xx answer; rejects with an
 * ApiError for an address that is not http(s), an unreachable storage (status 0, `network_error`)
 * or a refusal (its JSON error body read as the API's), and with an AbortError once `signal` aborts.
 */
export function postWithProgress(
  url: string,
  fields: Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const address = webAddressOf(url);
    if (address === null) {
      reject(new ApiError(0, 'invalid_upload_address', 'The upload address is not http(s).'));
      return;
    }
    if (signal?.aborted) {
      reject(uploadCancelled());
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);

    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', abort);
      outcome();
    };
    const unreachable = () => settle(() => reject(new ApiError(0, 'network_error', 'The storage could not be reached.')));
    xhr.open('POST', address);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () =>
      settle(() => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(1);
          resolve();
        } else void errorOf(xhr).then(reject);
      });
    xhr.onerror = unreachable;
    xhr.ontimeout = unreachable;
    xhr.onabort = () => settle(() => reject(uploadCancelled()));
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(form);
  });
}
