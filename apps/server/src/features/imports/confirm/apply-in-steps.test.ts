import { describe, expect, it } from 'vitest';
import { nextStepLines, STEP_LINES } from './apply-in-steps.js';

describe('nextStepLines: each step sized from the last one’s pace', () => {
  it('keeps a step that took about 60 ms as it is', () => {
    expect(nextStepLines(STEP_LINES, 60)).toBe(STEP_LINES);
  });

  it('shrinks the steps of a busy machine, to 25 lines at the least', () => {
    expect(nextStepLines(200, 240)).toBe(50);
    expect(nextStepLines(200, 5_000)).toBe(25);
  });

  it('grows the steps of a quiet machine, at most twice the last and 400 lines at the most', () => {
    expect(nextStepLines(100, 20)).toBe(200);
    expect(nextStepLines(300, 1)).toBe(400);
  });
});
