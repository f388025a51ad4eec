import { describe, expect, it } from 'vitest';
import { AppError } from '#platform/errors/app-error.js';
import { asVerifyError, verifyHeapMb } from './verify-import.js';

describe('asVerifyError', () => {
  it('says a file whose verification ran out of its heap is too heavy (413), rather than failing the server', () => {
    const outOfMemory = Object.assign(new Error('Worker terminated due to reaching memory limit'), {
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    });
    const error = asVerifyError(outOfMemory);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'payload_too_large', details: { reason: 'import_file_too_heavy' } });
  });

  it('lets every other error pass as it is', () => {
    const other = new AppError('validation_failed', 'refused', { reason: 'import_invalid' });
    expect(asVerifyError(other)).toBe(other);
    const plain = new Error('boom');
    expect(asVerifyError(plain)).toBe(plain);
  });
});

describe('verifyHeapMb', () => {
  it('gives 1 GiB at least, and 50 MiB a MiB of the largest file allowed beyond', () => {
    expect(verifyHeapMb(20)).toBe(1024);
    expect(verifyHeapMb(40)).toBe(2000);
  });
});
