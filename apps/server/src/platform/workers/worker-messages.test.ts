import { describe, expect, it } from 'vitest';
import { ownMemoryOf } from './worker-messages.js';

describe('ownMemoryOf: the memory a task may hand over without a copy', () => {
  it('takes the memory of an array that owns it whole, once however many times it is named', () => {
    const large = Buffer.from('é'.repeat(10_000), 'utf8');
    expect(ownMemoryOf([large, large])).toEqual([large.buffer]);
  });

  it("leaves a small Buffer cut from Node's pool, and a part of a larger memory, to be copied", () => {
    const small = Buffer.from('petit', 'utf8');
    const part = Buffer.alloc(10_000).subarray(100, 200);
    expect(small.buffer.byteLength).toBeGreaterThan(small.byteLength);
    expect(ownMemoryOf([small, part])).toEqual([]);
  });
});
