import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme, variantColorResolver } from './theme';

const resolvedTheme = mergeMantineTheme(DEFAULT_THEME, theme);

/** '#087f5b' or 'rgba(18, 184, 134, 0.1)' over white, as [r, g, b]. */
function overWhite(color: string): number[] {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) return [0, 2, 4].map((start) => parseInt(hex[1]!.slice(start, start + 2), 16));
  const match = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(color);
  if (!match) throw new Error(`unreadable colour ${color}`);
  const alpha = Number(match[4]);
  return [match[1], match[2], match[3]].map((channel) => Number(channel) * alpha + 255 * (1 - alpha));
}

/** WCAG 2 contrast ratio. */
function contrast(first: number[], second: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('light variant with a chosen shade', () => {
  // The shaded light colours the console uses: 'Activée' and token badges, 'Désactivée', the tracker's retry.
  it.each(['teal.9', 'gray.7', 'red.9'])('writes %s on its pale tint at 4.5:1 or more', (color) => {
    const { background, color: text } = variantColorResolver({ color, theme: resolvedTheme, variant: 'light' });
    expect(contrast(overWhite(text), overWhite(background))).toBeGreaterThanOrEqual(4.5);
  });

  it("leaves a plain colour's light variant and the other variants to Mantine", () => {
    expect(variantColorResolver({ color: 'teal', theme: resolvedTheme, variant: 'light' }).background).toBe(
      'var(--mantine-color-teal-light)',
    );
    expect(variantColorResolver({ color: 'teal.9', theme: resolvedTheme, variant: 'filled' }).background).toBe(
      'var(--mantine-color-teal-9)',
    );
  });
});
