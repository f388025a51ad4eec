import type { SessionUser } from '@console/contract';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { renderWithProviders } from '#test/render';
import { NotificationsView } from './components/NotificationsView';

/**
 * Walking the notifications view's wizard in component tests (with lib/realtime replaced by
 * features/workflows/test-realtime, and fetch by mockFetch).
 */

export function renderNotificationsView(user: SessionUser, i18n: I18n) {
  return renderWithProviders(<NotificationsView user={user} />, { i18n, withNotifications: true });
}

export const nextButton = () => screen.getByRole('button', { name: 'Suivant' });

/** Step 1: computes the audience of the filters as they are, and waits for its counts. */
export async function computeAudience(user: UserEvent, shown: string | RegExp = /utilisateur/) {
  await user.click(screen.getByRole('button', { name: "Calculer l'audience" }));
  await screen.findByText(shown);
}

/** Step 2: types the title and the description. */
export async function writeNotification(user: UserEvent, title = 'Rentrée 2026', description = 'Les cours reprennent lundi.') {
  await user.type(await screen.findByRole('textbox', { name: 'Titre' }), title);
  await user.type(screen.getByRole('textbox', { name: 'Description' }), description);
}

/** From the filters to the summary: the audience computed, the texts written. */
export async function goToSummary(user: UserEvent) {
  await computeAudience(user);
  await user.click(nextButton());
  await writeNotification(user);
  await user.click(nextButton());
  await screen.findByRole('heading', { level: 2, name: 'Récapitulatif' });
}
