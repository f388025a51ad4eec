import { userExports } from '@console/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { ApiError, callForFile, setSessionExpiredHandler } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionExpiredHandler(() => {});
});

const SELECTION = { uai: '0750001A', userIds: [12, 3, 7] };
const CSV = '\uFEFF"Nom";"Prénom"\r\n"Dupré";"Zoé"\r\n';

/** Answers every request with a file: its text and headers. */
function answerFile(text: string, headers: Record<string, string>) {
  const fetchMock = vi.fn(
    async () => new Response(text, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', ...headers } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const download = (fallbackFileName?: string) =>
  callForFile(userExports.exportPlatform, { body: { ...SELECTION, platformId: 'LLS2020' } }, fallbackFileName);

describe('callForFile', () => {
  it('posts the JSON body with the session cookie and resolves with the bytes and the name the server gives', async () => {
    const fetchMock = answerFile(CSV, {
      'content-disposition': `attachment; filename="export_lls2020.csv"; filename*=UTF-8''export_lls2020.csv`,
    });

    const file = await download();

    expect(file.fileName).toBe('export_lls2020.csv');
    // The bytes as sent, the byte-order mark included (Blob.text() would drop it).
    expect([...new Uint8Array(await file.blob.arrayBuffer())]).toEqual([...new TextEncoder().encode(CSV)]);
    expect(file.blob.type).toBe('text/csv;charset=utf-8');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/export/platform');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: JSON.stringify({ uai: '0750001A', userIds: [12, 3, 7], platformId: 'LLS2020' }),
    });
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it.each([
    [
      'prefers filename* (UTF-8, percent-encoded)',
      `attachment; filename="eleves_6e.csv"; filename*=UTF-8''%C3%A9l%C3%A8ves%206e.csv`,
      'élèves 6e.csv',
    ],
    [
      'reads filename* whatever the case of its charset and name',
      `attachment; FILENAME*=utf-8'fr'r%C3%A9sum%C3%A9.csv`,
      'résumé.csv',
    ],
    [
      'falls back on filename when filename* cannot be decoded',
      `attachment; filename*=UTF-8''%E9t%E9.csv; filename="ete.csv"`,
      'ete.csv',
    ],
    [
      'falls back on filename when filename* is in another charset',
      `attachment; filename*=ISO-8859-1''%E9t%E9.csv; filename="ete.csv"`,
      'ete.csv',
    ],
    [
      'unquotes filename, its escapes and separators inside the quotes',
      'attachment; filename="a \\"b\\"; c.csv"',
      'a "b"; c.csv',
    ],
    ['reads a bare filename', 'attachment; filename=export.csv', 'export.csv'],
    ['keeps only the last segment of a name with folders', `attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, 'passwd'],
  ])('%s', async (_case, header, expected) => {
    answerFile(CSV, { 'content-disposition': header });
    await expect(download()).resolves.toMatchObject({ fileName: expected });
  });

  it("names the file as the caller says without a Content-Disposition, else 'export'", async () => {
    answerFile(CSV, {});
    await expect(download('export_lls2020.csv')).resolves.toMatchObject({ fileName: 'export_lls2020.csv' });
    await expect(download()).resolves.toMatchObject({ fileName: 'export' });
    answerFile(CSV, { 'content-disposition': 'attachment; filename=""' });
    await expect(download('fallback.csv')).resolves.toMatchObject({ fileName: 'fallback.csv' });
  });

  it('rejects with the ApiError of the JSON error body, its reason and parameters', async () => {
    mockFetch({
      'POST /api/users/export/platform': {
        status: 400,
        body: { code: 'bad_request', message: 'No dialect', details: { reason: 'export_platform_unknown' } },
      },
    });

    const error = await download().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'bad_request', reason: 'export_platform_unknown' });
  });

  it('ends the session on a 401, and reports an unreachable server as a network_error', async () => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    mockFetch({ 'POST /api/users/export/platform': { status: 401, body: { code: 'unauthenticated', message: 'x' } } });
    await expect(download()).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(onExpired).toHaveBeenCalledOnce();

    mockFetch({ 'POST /api/users/export/platform': new TypeError('Failed to fetch') });
    await expect(download()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
