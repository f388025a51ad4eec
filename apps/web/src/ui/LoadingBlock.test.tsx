import { screen } from '@testing-library/react';
import axe from 'axe-core';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n, renderWithProviders } from '#test/render';
import { LoadingBlock, LoadingIndicator } from './LoadingBlock';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

/** axe's ARIA rules on what is rendered (jsdom draws nothing: the colour and layout rules are the browser tests'). */
async function ariaViolations(container: HTMLElement): Promise<string[]> {
  const results = await axe.run(container, { runOnly: { type: 'tag', values: ['cat.aria'] } });
  return results.violations.map((violation) => violation.id);
}

describe('loading indicators', () => {
  it('names a loading view for screen readers as a progress bar, which ARIA allows a name on', async () => {
    const { container } = renderWithProviders(<LoadingBlock />, { i18n });
    expect(screen.getByRole('progressbar', { name: 'Chargement…' })).toBeInTheDocument();
    expect(await ariaViolations(container)).toEqual([]);
  });

  it('carries the name it is given', async () => {
    const { container } = renderWithProviders(<LoadingIndicator size="sm" label="Recherche en cours" />, { i18n });
    expect(screen.getByRole('progressbar', { name: 'Recherche en cours' })).toBeInTheDocument();
    expect(await ariaViolations(container)).toEqual([]);
  });
});
