import { describe, expect, it } from 'vitest';
import { fileNameStamp } from './file-name-stamp.js';

describe('the time a file name says', () => {
  it("is the console's local time, whatever the machine's", () => {
    expect(fileNameStamp(new Date('2026-11-29T08:30:05.900Z'), 'Europe/Paris')).toBe('20261129-093005');
    expect(fileNameStamp(new Date('2026-07-14T22:00:00.000Z'), 'Europe/Paris')).toBe('20260715-000000');
    expect(fileNameStamp(new Date('2026-07-14T22:00:00.000Z'), 'Indian/Reunion')).toBe('20260715-020000');
  });
});
