import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/api';
import { installFakeXhr } from './fake-xhr.test-support';
import { isCancelled, postWithProgress } from './post-with-progress';

afterEach(() => vi.unstubAllGlobals());

const FIELDS = { key: 'documents/abc-cours.pdf', policy: 'signed-policy', 'x-amz-signature': 'sig' };
const pdf = () => new File(['%PDF-1.7'], 'cours.pdf', { type: 'application/pdf' });

describe('postWithProgress', () => {
  it("posts the ticket's fields first, then the file, with the cookies, and tells the progress", async () => {
    const sent = installFakeXhr();
    const onProgress = vi.fn();
    const done = postWithProgress('/api/files/storage', FIELDS, pdf(), onProgress);

    const xhr = sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(new URL('/api/files/storage', window.location.href).href);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.partNames()).toEqual(['key', 'policy', 'x-amz-signature', 'file']);
    expect((xhr.body!.get('file') as File).name).toBe('cours.pdf');

    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(204);
    await expect(done).resolves.toBeUndefined();
    expect(onProgress.mock.calls.map(([fraction]) => fraction)).toEqual([0.25, 1, 1]);
  });

  it('refuses an address that is not http(s) without sending', async () => {
    const sent = installFakeXhr();
    await expect(postWithProgress('javascript:alert(1)', FIELDS, pdf(), () => {})).rejects.toBeInstanceOf(ApiError);
    await expect(postWithProgress('data:text/html,hi', FIELDS, pdf(), () => {})).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(0);
  });

  it("rejects a refusal with the storage's field errors, and an unreachable storage", async () => {
    const sent = installFakeXhr();
    const refused = postWithProgress('/api/files/storage', FIELDS, pdf(), () => {});
    sent[0]!.respond(400, {
      code: 'validation_failed',
      message: 'Empty',
      details: { fieldErrors: { file: ['files.errors.empty'] } },
    });
    await expect(refused).rejects.toMatchObject({ status: 400, fieldErrors: { file: ['files.errors.empty'] } });

    const forbidden = postWithProgress('/api/files/storage', FIELDS, pdf(), () => {});
    sent[1]!.respond(403);
    await expect(forbidden).rejects.toMatchObject({ status: 403, fieldErrors: {} });

    const unreachable = postWithProgress('/api/files/storage', FIELDS, pdf(), () => {});
    sent[2]!.fail();
    await expect(unreachable).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('aborts the transfer when the signal does', async () => {
    const sent = installFakeXhr();
    const controller = new AbortController();
    const transfer = postWithProgress('/api/files/storage', FIELDS, pdf(), () => {}, controller.signal);
    controller.abort();
    const error = await transfer.catch((failure: unknown) => failure);
    expect(isCancelled(error)).toBe(true);
    expect(sent[0]!.isAborted).toBe(true);

    await expect(postWithProgress('/api/files/storage', FIELDS, pdf(), () => {}, controller.signal)).rejects.toSatisfy(
      isCancelled,
    );
    expect(sent).toHaveLength(1);
  });
});
