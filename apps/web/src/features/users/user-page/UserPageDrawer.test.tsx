import { DEFAULT_RIGHTS, type RightsMap } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { UserPageDrawer } from './UserPageDrawer';
import { drawQrCode } from './qr-code';
import { buildSchoolWithUsers, buildUserPage } from './testing';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const pages = {
  12: buildUserPage({
    options: [
      { optionId: 4, name: 'Latin', ordre: 1 },
      { optionId: 9, name: 'Grec', ordre: 2 },
    ],
  }),
  13: buildUserPage({
    informations: {
      userId: 13,
      firstName: 'Tom',
      lastName: 'MARTIN',
      login: 'tom.martin',
      level: null,
      createdBy: null,
      editedOn: null,
    },
  }),
  14: buildUserPage({ informations: { userId: 14, firstName: 'Zoé', lastName: 'PETIT', login: 'zoe.petit' } }),
};

function mockPages() {
  return mockFetch({
    'GET /api/users/12': { status: 200, body: pages[12] },
    'GET /api/users/13': { status: 200, body: pages[13] },
    'GET /api/users/14': { status: 200, body: pages[14] },
    'GET /api/schools/0750001A/users': { status: 200, body: buildSchoolWithUsers() },
  });
}

/** The drawer as the users view holds it: the opened id in state, the grid's order given. */
function renderDrawer({
  firstId = 12 as number | null,
  order = [12, 13, 14],
  rights,
}: { firstId?: number | null; order?: number[]; rights?: RightsMap } = {}) {
  const user = buildSessionUser('Gestionnaire', rights ? { rights } : {});
  const closed = vi.fn();
  function Harness() {
    const [userId, setUserId] = useState<number | null>(firstId);
    return (
      <UserPageDrawer
        userId={userId}
        user={user}
        getOrderedIds={() => order}
        onNavigate={setUserId}
        onClose={() => {
          closed();
          setUserId(null);
        }}
      />
    );
  }
  return { ...renderWithProviders(<Harness />, { i18n }), closed };
}

const withdrawn = { Lecture: 0 as const, Ecriture: 0 as const };

describe('UserPageDrawer', () => {
  it('shows the header: initials, name, school, level, options with their ids, who created and edited the account', async () => {
    mockPages();
    renderDrawer();

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Léa DURAND' })).toBeInTheDocument();
    expect(within(dialog).getByText('LD')).toBeInTheDocument();
    expect(within(dialog).getByText('Collège Jean Moulin · 6e')).toBeInTheDocument();
    const options = within(dialog).getByRole('list', { name: 'Options' });
    expect(
      within(options)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Latin (4)', 'Grec (9)']);
    expect(within(dialog).getByText(/^Créé le 12\/03\/2025 \d{2}:30 par Anne Admin$/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^Modifié le 01\/09\/2025 \d{2}:05 par Marc Gestion$/)).toBeInTheDocument();
  });

  it('shows the no-class label without a level, and the dates without an author or none at all', async () => {
    mockPages();
    renderDrawer({ firstId: 13 });

    expect(await screen.findByText('Collège Jean Moulin · Sans classe')).toBeInTheDocument();
    expect(screen.getByText(/^Créé le 12\/03\/2025 \d{2}:30$/)).toBeInTheDocument();
    expect(screen.queryByText(/^Modifié le/)).not.toBeInTheDocument();
  });

  it('shows every section to a Gestionnaire, the profile first, with the sign-in QR code', async () => {
    mockPages();
    renderDrawer();

    const sections = await screen.findByRole('tablist', { name: 'Sections de la fiche' });
    expect(
      within(sections)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Profil et accès', 'Mes applications', 'Enseignement', 'Appareils', 'Documents', 'Impressions']);
    expect(within(sections).getByRole('tab', { name: 'Profil et accès' })).toHaveAttribute('aria-selected', 'true');
    const qrCode = screen.getByRole('img', { name: 'QR code de connexion' });
    expect(qrCode.querySelector('path')).toHaveAttribute('d', drawQrCode(`${window.location.origin}/?iduser=tok-lea-123`).path);
  });

  it('shows no QR code and no edit button for a user the caller may not act on (a staff member above them)', async () => {
    mockFetch({
      'GET /api/users/12': {
        status: 200,
        body: buildUserPage({
          informations: { profile: 'Gestionnaire', qrCode: null, password: null, hasPrintablePassword: false },
          abilities: { canEditProfile: false, canEditApplications: false, canSeePasswords: false, canUnlock: false },
        }),
      },
      'GET /api/schools/0750001A/users': { status: 200, body: buildSchoolWithUsers() },
    });
    renderDrawer({ order: [12] });

    expect(await screen.findByRole('tablist', { name: 'Sections de la fiche' })).toBeInTheDocument();
    expect(screen.getByText('lea.durand')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code de connexion' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  });

  it('leaves out each section whose read right is withdrawn', async () => {
    mockPages();
    const rights = {
      ...DEFAULT_RIGHTS.Gestionnaire,
      UserPage_Profile: withdrawn,
      UserPage_Teaching: withdrawn,
      UserPage_Documents: withdrawn,
      ButtonBar_buttonExportPDF: withdrawn,
    };
    renderDrawer({ rights });

    const sections = await screen.findByRole('tablist', { name: 'Sections de la fiche' });
    expect(
      within(sections)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Mes applications', 'Appareils']);
    expect(screen.queryByRole('img', { name: 'QR code de connexion' })).not.toBeInTheDocument();
    expect(screen.getByText("Cet utilisateur n'a aucune application.")).toBeInTheDocument();
  });

  it('shows the teaching section as an empty placeholder', async () => {
    mockPages();
    renderDrawer();

    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Enseignement' }));

    expect(screen.getByText("Cette section n'a pas encore de contenu.")).toBeInTheDocument();
  });

  it('steps through the given order with next and previous, disabled at both ends, keeping the section', async () => {
    mockPages();
    renderDrawer();
    const events = userEvent.setup();
    await screen.findByRole('heading', { name: 'Léa DURAND' });
    await events.click(screen.getByRole('tab', { name: 'Appareils' }));
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();

    await events.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('heading', { name: 'Tom MARTIN' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Appareils' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeEnabled();

    await events.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('heading', { name: 'Zoé PETIT' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();

    await events.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(await screen.findByRole('heading', { name: 'Tom MARTIN' })).toBeInTheDocument();
  });

  it('follows the order it is given, not the ids', async () => {
    mockPages();
    renderDrawer({ order: [14, 12, 13] });
    const events = userEvent.setup();
    await screen.findByRole('heading', { name: 'Léa DURAND' });

    await events.click(screen.getByRole('button', { name: 'Précédent' }));

    expect(await screen.findByRole('heading', { name: 'Zoé PETIT' })).toBeInTheDocument();
  });

  it('disables both steps for a user outside the order (filtered out)', async () => {
    mockPages();
    renderDrawer({ order: [13, 14] });

    await screen.findByRole('heading', { name: 'Léa DURAND' });
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  });

  it('hides the steps without the Table read right', async () => {
    mockPages();
    renderDrawer({ rights: { ...DEFAULT_RIGHTS.Gestionnaire, Table: withdrawn } });

    await screen.findByRole('heading', { name: 'Léa DURAND' });
    expect(screen.queryByRole('button', { name: 'Suivant' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    mockPages();
    const { closed } = renderDrawer();
    const events = userEvent.setup();
    await screen.findByRole('heading', { name: 'Léa DURAND' });

    await events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('closes with the close button, reached by keyboard', async () => {
    mockPages();
    const { closed } = renderDrawer();
    await screen.findByRole('heading', { name: 'Léa DURAND' });

    screen.getByRole('button', { name: 'Fermer' }).focus();
    await userEvent.setup().keyboard('{Enter}');

    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while closed, and the generic error when the page cannot be read', async () => {
    mockFetch({ 'GET /api/users/12': { status: 500, body: { code: 'internal_error', message: 'boom' } } });
    const { unmount } = renderDrawer({ firstId: null });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    renderDrawer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue.');
  });

  it('says a user no longer exists, or is out of reach, rather than a failure (an old address)', async () => {
    mockFetch({ 'GET /api/users/12': { status: 404, body: { code: 'user_not_found', message: 'Not found' } } });
    renderDrawer();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Cet utilisateur n'existe pas ou plus, ou vous ne pouvez pas le voir. Fermez cette fiche pour revenir à la liste.",
    );
  });
});
