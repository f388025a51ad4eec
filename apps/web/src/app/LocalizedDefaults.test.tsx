import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
cleanUpAfterEachTest();

describe('localized component defaults', () => {
  it("names a toast's close button in the user's language, and follows a change of language", async () => {
    renderWithProviders(<div />, { i18n, withNotifications: true });
    act(() => {
      notifications.show({ message: 'Utilisateur enregistré', autoClose: false });
    });

    expect(await screen.findByRole('button', { name: 'Fermer' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('fr'));
  });

  it("names a dialog's close button without each dialog saying it", () => {
    renderWithProviders(
      <Modal opened onClose={() => {}} title="Détails">
        contenu
      </Modal>,
      { i18n },
    );

    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });
});
