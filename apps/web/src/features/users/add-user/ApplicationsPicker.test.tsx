import { screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSchoolApplication } from '../test-factories';
import { ApplicationsPicker } from './ApplicationsPicker';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

describe('applications picker', () => {
  it("names each checkbox by the application's name alone, its icon's initial (no picture) written nowhere", () => {
    const offered = [
      buildSchoolApplication({ idApplication: 1, name: 'Edulib', urls: {} }),
      buildSchoolApplication({ idApplication: 2, name: 'Kwyk', urls: {} }),
    ];
    renderWithProviders(<ApplicationsPicker offered={offered} chosen={[]} onChange={() => {}} />, { i18n });

    const names = screen.getAllByRole<HTMLInputElement>('checkbox').map((checkbox) => checkbox.labels?.[0]?.textContent);
    expect(names).toEqual(['Edulib', 'Kwyk']);
    expect(screen.getByRole('checkbox', { name: 'Edulib' })).toBeInTheDocument();
  });
});
