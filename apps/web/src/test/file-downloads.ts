import { vi } from 'vitest';
import type { mockFetch } from './fetch-mock';

/** A route as `mockFetch` keys it: 'METHOD /path'. */
export type Route = keyof Parameters<typeof mockFetch>[0];
/** A file the server sends, with the name it gives in Content-Disposition. */
export type FileAnswer = { text: string; fileName: string; mediaType?: string };
export type Answer = FileAnswer | { status: number; body: unknown };

/**
 * Replaces fetch for the routes that answer files: each route answers a file or a JSON error (a
 * promise, to answer later); others 404.
 */
export function answerRoutes(routes: Partial<Record<Route, Answer | Promise<Answer>>>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` as Route;
    const answer = (await routes[key]) ?? { status: 404, body: { code: 'not_found', message: 'Not found' } };
    if ('text' in answer) {
      return new Response(answer.text, {
        headers: {
          'content-type': answer.mediaType ?? 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${answer.fileName}"; filename*=UTF-8''${encodeURIComponent(answer.fileName)}`,
        },
      });
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock as unknown as ReturnType<typeof mockFetch>;
}

/** A file the browser would have saved: the download link's name and the bytes behind it. */
export type SavedFile = { fileName: string; blob: Blob };

/**
 * Records the files saved from now on (jsdom has no object URLs and navigates nowhere: what a
 * download link's click would save is kept instead). Call it in `beforeEach` and return its
 * `restore`.
 */
export function recordSavedFiles(): { saved: SavedFile[]; restore: () => void } {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = (blob: Blob) => {
        const url = `blob:http://localhost/${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      };
      static override revokeObjectURL = () => undefined;
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ fileName: this.download, blob: blobs.get(this.href)! });
  });
  return { saved, restore: () => vi.restoreAllMocks() };
}
