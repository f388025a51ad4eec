import { describe, expect, it } from 'vitest';
import { LABEL_LAYOUTS, labelPosition, labelsPerPage } from './label-sheet.js';

const A4 = { width: 595.28, height: 841.89 };

describe('label sheets', () => {
  it.each([
    ['labelBox', 21],
    ['labelFrame', 65],
  ] as const)('%s: %i labels a page, row by row, the next one on a new page', (type, perPage) => {
    const layout = LABEL_LAYOUTS[type];
    expect(labelsPerPage(layout)).toBe(perPage);
    expect(labelPosition(layout, 0)).toEqual({ x: layout.left, y: layout.top, startsPage: true });
    expect(labelPosition(layout, 1)).toMatchObject({ y: layout.top, startsPage: false });
    expect(labelPosition(layout, layout.columns)).toMatchObject({ x: layout.left, y: layout.top + layout.verticalPitch });
    expect(labelPosition(layout, perPage - 1).startsPage).toBe(false);
    expect(labelPosition(layout, perPage)).toEqual(labelPosition(layout, 0));
  });

  it.each(['labelBox', 'labelFrame'] as const)('%s: every label lies on the A4 page, none over another', (type) => {
    const layout = LABEL_LAYOUTS[type];
    const last = labelPosition(layout, labelsPerPage(layout) - 1);
    expect(last.x + layout.width).toBeLessThanOrEqual(A4.width);
    expect(last.y + layout.height).toBeLessThanOrEqual(A4.height + 0.01);
    expect(layout.horizontalPitch).toBeGreaterThanOrEqual(layout.width);
    expect(layout.verticalPitch).toBeGreaterThanOrEqual(layout.height);
  });
});
