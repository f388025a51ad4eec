import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n, renderWithProviders } from '#test/render';
import { PasswordField } from './PasswordField';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

describe('password field', () => {
  it('says what its button will do, show then hide, and is reached by Tab', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordField label="Mot de passe" defaultValue="Secret42" />, { i18n });
    const input = screen.getByLabelText('Mot de passe');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(input);
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Afficher le champ « Mot de passe »' });
    expect(toggle).toHaveFocus();
    expect(toggle).not.toHaveAttribute('aria-pressed');

    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Masquer le champ « Mot de passe »' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Afficher le champ « Mot de passe »' })).toBeInTheDocument();
  });
});
