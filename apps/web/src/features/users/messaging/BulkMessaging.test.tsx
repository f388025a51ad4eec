import type { SchoolUser } from '@console/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, headersSentTo, type mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildSchoolUser } from '../test-factories';
import { menuItem, openBulkEditMenu } from '../test-button-bar';
import { APPLICATIONS, buildCatalogueSchool } from '../test-school';

/** The bulk-edit menu's items that send something outside: PNE key activation and mail. */
vi.setConfig({ testTimeout: 30_000 });

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const manager = buildSessionUser('Gestionnaire');
const school = buildCatalogueSchool([]);
const EDUCADHOC = String(APPLICATIONS.educadhoc.idApplication);

const openMenu = (selected: readonly SchoolUser[], routes: Parameters<typeof mockFetch>[0] = {}, user = manager) =>
  openBulkEditMenu({ i18n, school, user, selected }, routes);
const item = menuItem;

describe('PNE key activation', () => {
  const teachers = [
    buildSchoolUser({
      id: 31,
      login: 'prof.a',
      profile: 'Enseignant',
      applications: { [EDUCADHOC]: { status: 1, code: 'K1 K2' } },
    }),
    buildSchoolUser({ id: 32, login: 'prof.b', profile: 'Enseignant', applications: { [EDUCADHOC]: { status: 1, code: 'K3' } } }),
  ];

  it('offers a report of the rejected keys to download', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs: record the report's Blob instead.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = (blob: Blob) => {
          blobs.push(blob);
          return 'blob:report';
        };
        static override revokeObjectURL = () => undefined;
      },
    );
    const rejected = [{ username: 'prof.b', message: 'rejected', keys: [{ key: 'K3', error: 'already used' }] }];
    const { fetchMock, user } = await openMenu(teachers, { 'POST /api/users/pne': { status: 207, body: { data: rejected } } });

    await user.click(item('Activation des clés PNE'));
    const dialog = await screen.findByRole('dialog', { name: 'Activation des clés PNE' });
    await user.click(within(dialog).getByRole('button', { name: 'Activer les clés' }));

    const link = await within(dialog).findByRole('link', { name: /error_report\.txt/ });
    expect(link).toHaveAttribute('download', 'error_report.txt');
    expect(link).toHaveAttribute('href', 'blob:report');
    expect(await blobs[0]!.text()).toBe('prof.b: K3: already used\n');
    expect(bodiesSentTo(fetchMock, 'POST /api/users/pne')).toEqual([
      [
        { username: 'prof.a', keys: ['K1', 'K2'] },
        { username: 'prof.b', keys: ['K3'] },
      ],
    ]);
  });

  it('says when every key is activated', async () => {
    const { user } = await openMenu(teachers, { 'POST /api/users/pne': { status: 200, body: { data: [] } } });

    await user.click(item('Activation des clés PNE'));
    const dialog = await screen.findByRole('dialog', { name: 'Activation des clés PNE' });
    await user.click(within(dialog).getByRole('button', { name: 'Activer les clés' }));

    expect(await within(dialog).findByText('Les clés ont bien été activées.')).toBeInTheDocument();
  });

  it('shows the generic error when the service fails', async () => {
    const { user } = await openMenu(teachers, {
      'POST /api/users/pne': { status: 503, body: { code: 'service_unavailable', message: 'x' } },
    });

    await user.click(item('Activation des clés PNE'));
    const dialog = await screen.findByRole('dialog', { name: 'Activation des clés PNE' });
    await user.click(within(dialog).getByRole('button', { name: 'Activer les clés' }));

    expect(await within(dialog).findByText('Une erreur est survenue.')).toBeInTheDocument();
  });

  it('names the activation with one Idempotency-Key, the same when tried again, and says when the server already had it', async () => {
    const answers = [
      { status: 503, body: { code: 'database_unavailable', message: 'x' } },
      { status: 409, body: { code: 'conflict', message: 'x', details: { reason: 'request_already_received' } } },
    ];
    const { fetchMock, user } = await openMenu(teachers, { 'POST /api/users/pne': () => answers.shift()! });

    await user.click(item('Activation des clés PNE'));
    const dialog = await screen.findByRole('dialog', { name: 'Activation des clés PNE' });
    await user.click(within(dialog).getByRole('button', { name: 'Activer les clés' }));
    expect(await within(dialog).findByText('Une erreur est survenue.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Activer les clés' }));
    expect(
      await within(dialog).findByText(
        'Cette activation a déjà été reçue et son résultat est inconnu : vérifiez les clés sur le PNE avant de la relancer.',
      ),
    ).toBeInTheDocument();

    const keys = headersSentTo(fetchMock, 'POST /api/users/pne', 'Idempotency-Key');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('bulk mail', () => {
  it('mails only the users who have an e-mail, with the chosen template', async () => {
    const selected = [
      buildSchoolUser({ id: 41, login: 'a', email: 'a@example.fr' }),
      buildSchoolUser({ id: 42, login: 'b', email: null }),
      buildSchoolUser({ id: 43, login: 'c', email: 'c@example.fr' }),
    ];
    const { fetchMock, user } = await openMenu(selected, {
      'POST /api/users/mails': { status: 200, body: { sent: 2, skipped: 0 } },
    });

    await user.click(item('Envoyer un mail'));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer un mail' });
    expect(dialog).toHaveTextContent('Le mail sera envoyé aux 2 utilisateurs ayant une adresse e-mail, sur 3 sélectionnés.');
    expect(within(dialog).getByLabelText('Modèle')).toHaveValue('165');
    await user.selectOptions(within(dialog).getByLabelText('Modèle'), '197');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText('Mail envoyé à 2 utilisateurs.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/users/mails')).toEqual([
      {
        users: [
          { idUser: 41, email: 'a@example.fr', login: 'a' },
          { idUser: 43, email: 'c@example.fr', login: 'c' },
        ],
        templateId: 197,
      },
    ]);
  });

  it('names the send with one Idempotency-Key, the same when sent again after an error, and says when the server already had it', async () => {
    const selected = [buildSchoolUser({ id: 41, login: 'a', email: 'a@example.fr' })];
    const answers = [
      { status: 503, body: { code: 'database_unavailable', message: 'x' } },
      { status: 409, body: { code: 'conflict', message: 'x', details: { reason: 'request_already_received' } } },
    ];
    const { fetchMock, user } = await openMenu(selected, { 'POST /api/users/mails': () => answers.shift()! });

    await user.click(item('Envoyer un mail'));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer un mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(
      await screen.findByText('Le service est momentanément indisponible. Réessayez dans quelques instants.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(
      await screen.findByText(
        "Cet envoi a déjà été reçu et son résultat est inconnu : vérifiez les messages reçus avant de l'envoyer de nouveau.",
      ),
    ).toBeInTheDocument();

    const keys = headersSentTo(fetchMock, 'POST /api/users/mails', 'Idempotency-Key');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}-165$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
