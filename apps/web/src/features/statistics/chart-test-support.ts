import { vi } from 'vitest';

/**
 * jsdom lays nothing out, so recharts warns that every chart is 0 × 0 px. Tests read the figures
 * tables, not the drawings: drop that one warning and let every other through. Call in beforeAll.
 */
export function silenceChartSizeWarnings(): void {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('The width(0) and height(0) of chart')) return;
    warn(...args);
  });
}
