import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { buildHistoryItem, HISTORY, historyOf } from '../test-factories';
import { NotificationHistory } from './NotificationHistory';

vi.setConfig({ testTimeout: 30_000 });

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const SENT = buildHistoryItem(12, 'Rentrée 2026', {
  createdBy: 'Zoé Dupré',
  createdDate: new Date(2026, 7, 28, 9, 5).toISOString(),
  descriptionNotification: 'Les cours reprennent lundi.',
  linkNotification: 'https://ent.exemple.fr/rentree',
  parametersNotification: {
    arrayUai: ['0750001A', '0690002B'],
    schools: [
      { uai: '0750001A', name: 'Collège Jean Moulin' },
      { uai: '0690002B', name: 'Lycée Ampère' },
    ],
    subject: ['maths', 'svt'],
    logicalOperator: 'and',
    searchOperator: 'startsWith',
    arrayProfiles: ['Eleve', 'Enseignant'],
    arrayApplications: [{ id: 3, name: 'Edulib' }],
    userCount: null,
  },
  reportNotification: { nbUser: 120, nbToken: 150, successCount: 148, failureCount: 2 },
  statusNotification: 'sent',
});
const DRAFT = buildHistoryItem(11, 'Conseil de classe');

/** The value beside a label in an opened notification. */
function valueOf(container: HTMLElement, label: string): string | null | undefined {
  return within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

/** The `limit` of each history request. */
function limitsAsked(fetchMock: ReturnType<typeof mockFetch>): (string | null)[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').searchParams.get('limit'));
}

function renderHistory() {
  renderWithProviders(<NotificationHistory />, { i18n });
  return userEvent.setup();
}

describe('the notifications history', () => {
  it('lists each notification with its author and date, and opens on its filters and report', async () => {
    const fetchMock = mockFetch({ [HISTORY]: { status: 200, body: historyOf([SENT, DRAFT]) } });
    const user = renderHistory();

    const sent = await screen.findByRole('button', { name: /Rentrée 2026/ });
    expect(sent).toHaveTextContent('Zoé Dupré, le 28/08/2026 09:05');
    expect(sent).toHaveTextContent('Envoyée');
    expect(sent).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: /Conseil de classe/ })).toHaveTextContent('Non envoyée');
    expect(limitsAsked(fetchMock)).toEqual(['20']);
    expect(screen.queryByRole('button', { name: 'Voir plus' })).not.toBeInTheDocument();

    await user.click(sent);
    expect(sent).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('region', { name: /Rentrée 2026/ });
    expect(valueOf(panel, 'Description')).toBe('Les cours reprennent lundi.');
    expect(valueOf(panel, 'Lien de redirection')).toBe('https://ent.exemple.fr/rentree');
    expect(valueOf(panel, 'UAI')).toBe('0750001A, 0690002B');
    expect(valueOf(panel, 'Établissements correspondants')).toBe('Collège Jean Moulin, Lycée Ampère');
    expect(valueOf(panel, 'Matières')).toBe('maths, svt');
    expect(valueOf(panel, 'Profils')).toBe('Élève, Enseignant');
    expect(valueOf(panel, 'Applications')).toBe('Edulib');
    expect(valueOf(panel, 'Opérateur logique')).toBe('ET (tous les termes)');
    expect(valueOf(panel, 'Opérateur de recherche')).toBe('Commence par');
    expect(valueOf(panel, 'Utilisateurs trouvés')).toBe('120');
    expect(valueOf(panel, 'Appareils impactés')).toBe('150');
    expect(valueOf(panel, 'Succès')).toBe('148');
    expect(valueOf(panel, 'Échecs')).toBe('2');

    await user.click(screen.getByRole('button', { name: /Conseil de classe/ }));
    const draft = await screen.findByRole('region', { name: /Conseil de classe/ });
    expect(valueOf(draft, 'Lien de redirection')).toBe('Aucun');
    expect(valueOf(draft, 'UAI')).toBe('Tous les établissements');
    expect(valueOf(draft, 'Profils')).toBe('Tous les profils');
    expect(valueOf(draft, 'Applications')).toBe('Toutes les applications');
    expect(within(draft).getByText('Pas encore envoyée')).toBeInTheDocument();
    expect(within(draft).queryByText('Succès')).not.toBeInTheDocument();
  });

  it('says how many users were chosen for a notification of the users view', async () => {
    const chosen = buildHistoryItem(13, 'Sortie annulée', {
      parametersNotification: { ...SENT.parametersNotification, userCount: 1234 },
      reportNotification: { nbUser: 1234, nbToken: 1500, successCount: 1500, failureCount: 0 },
      statusNotification: 'sent',
    });
    mockFetch({ [HISTORY]: { status: 200, body: historyOf([chosen, DRAFT]) } });
    const user = renderHistory();

    await user.click(await screen.findByRole('button', { name: /Sortie annulée/ }));
    const panel = await screen.findByRole('region', { name: /Sortie annulée/ });
    expect(valueOf(panel, 'Utilisateurs choisis')).toBe('1\u202f234');
    expect(valueOf(panel, 'Utilisateurs trouvés')).toBe('1\u202f234');

    // A notification of the wizard's filters chose nobody one by one.
    await user.click(screen.getByRole('button', { name: /Conseil de classe/ }));
    const draft = await screen.findByRole('region', { name: /Conseil de classe/ });
    expect(within(draft).queryByText('Utilisateurs choisis')).not.toBeInTheDocument();
  });

  it("asks 10 more at each 'Voir plus' while more remain", async () => {
    const older = buildHistoryItem(5, 'Sortie scolaire');
    let answers = 0;
    const fetchMock = mockFetch({
      [HISTORY]: () => {
        answers += 1;
        return answers === 1
          ? { status: 200, body: historyOf([SENT], true) }
          : { status: 200, body: historyOf([SENT, older], false) };
      },
    });
    const user = renderHistory();

    await user.click(await screen.findByRole('button', { name: 'Voir plus' }));

    expect(await screen.findByRole('button', { name: /Sortie scolaire/ })).toBeInTheDocument();
    expect(limitsAsked(fetchMock)).toEqual(['20', '30']);
    expect(screen.getByRole('button', { name: /Rentrée 2026/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voir plus' })).not.toBeInTheDocument();
  });

  it('says when the history cannot be read', async () => {
    mockFetch({ [HISTORY]: { status: 500, body: { code: 'internal_error', message: 'Boom' } } });
    renderHistory();

    expect(await screen.findByRole('alert')).toHaveTextContent("Impossible de récupérer l'historique");
  });
});
