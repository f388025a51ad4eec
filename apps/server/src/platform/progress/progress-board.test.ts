import { describe, expect, it } from 'vitest';
import { ProgressBoard } from './progress-board.js';

describe('ProgressBoard', () => {
  it("tells a caller's work in a scope as it was last reported, and nothing once it ends", () => {
    const board = new ProgressBoard<{ done: number }>({ staleMs: 60_000 });
    const work = board.start(7, '0750001A', { done: 0 });
    work.report({ done: 40 });
    expect(board.of(7, '0750001A')).toEqual({ done: 40 });
    expect(board.of(8, '0750001A')).toBeUndefined();
    expect(board.of(7, '0750002B')).toBeUndefined();
    work.end();
    expect(board.of(7, '0750001A')).toBeUndefined();
  });

  it('keeps a later start of the same caller and scope when the earlier one ends', () => {
    const board = new ProgressBoard<{ done: number }>({ staleMs: 60_000 });
    const first = board.start(7, 'S', { done: 1 });
    const second = board.start(7, 'S', { done: 2 });
    first.end();
    expect(board.of(7, 'S')).toEqual({ done: 2 });
    second.end();
    expect(board.of(7, 'S')).toBeUndefined();
  });

  it('forgets work not advanced for longer than staleMs', () => {
    let now = 1_000;
    const board = new ProgressBoard<{ done: number }>({ staleMs: 30_000, now: () => now });
    const work = board.start(7, 'S', { done: 0 });
    now += 20_000;
    work.report({ done: 5 });
    now += 29_000;
    expect(board.of(7, 'S')).toEqual({ done: 5 });
    now += 2_000;
    expect(board.of(7, 'S')).toBeUndefined();
  });
});
