import { DEFAULT_RIGHTS } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { renderInShell } from '#features/schools/testing';
import { buildSessionUser } from '#test/users';
import { ConfigView } from './ConfigView';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

/** The seeded settings (apps/server seed/settings.ts). */
const SAVED = [
  { fieldName: 'firstname', regexStructure: "[A-Za-zÀ-ÿ' -]", regexSpecial: "-' ", regexConversion: 'FIRSTMAJ' },
  { fieldName: 'lastname', regexStructure: "[A-Za-zÀ-ÿ' -]", regexSpecial: "-' ", regexConversion: 'MAJ' },
  { fieldName: 'login', regexStructure: '[a-z0-9.-]', regexSpecial: '.-', regexConversion: 'MIN' },
];

async function renderRegexTab(routes: Parameters<typeof mockFetch>[0], sessionUser = buildSessionUser('Administrateur')) {
  const fetchMock = mockFetch({ 'GET /api/settings/tabuleo': { status: 200, body: {} }, ...routes });
  renderInShell(<ConfigView user={sessionUser} />, { i18n, initial: { view: 'config' } });
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Regex' }));
  return { fetchMock, user };
}

const group = (name: string) => screen.getByRole('group', { name });
const structureOf = (field: string) => within(group(field)).getByLabelText('Structure (un caractère autorisé)');
/** The tester's result row of a field: [field, result, characters removed]. */
const resultOf = (field: string) =>
  within(screen.getByRole('table', { name: 'Ce que les règles produisent' }))
    .getByRole('rowheader', { name: field })
    .closest('tr')!;

describe('general settings, Regex tab', () => {
  it("shows each field's structure, special characters and conversion, read-only, the login's default as placeholder", async () => {
    await renderRegexTab({ 'GET /api/settings/regex': { status: 200, body: SAVED } });

    const lastname = await screen.findByRole('group', { name: 'Nom' });
    expect(within(lastname).getByLabelText('Structure (un caractère autorisé)')).toHaveValue("[A-Za-zÀ-ÿ' -]");
    expect(within(lastname).getByLabelText('Caractères spéciaux')).toHaveValue("-' ");
    expect(within(lastname).getByRole('combobox', { name: 'Conversion' })).toHaveValue('MAJ (majuscules)');
    expect(within(lastname).getByLabelText('Structure (un caractère autorisé)')).toHaveAttribute('readonly');
    expect(structureOf('Login')).toHaveAttribute('placeholder', '[a-z0-9.-]');
    for (const name of ['Prénom', 'Nom', 'Login', 'Tester les règles'])
      expect(screen.getByRole('group', { name })).toBeInTheDocument();
  });

  it('tries sample names against the saved rules as they are typed', async () => {
    const { user } = await renderRegexTab({ 'GET /api/settings/regex': { status: 200, body: SAVED } });

    await screen.findByRole('group', { name: 'Nom' });
    expect(resultOf('Prénom')).toHaveTextContent('Jean-ÉloiAucun');
    expect(resultOf('Nom')).toHaveTextContent("D'ORMESSON NÚÑEZAucun");
    expect(resultOf('Login proposé')).toHaveTextContent("jean-eloi.dormesson-nunez.clg-moulin« ' »");

    await user.clear(screen.getByLabelText("Nom d'essai"));
    await user.type(screen.getByLabelText("Nom d'essai"), 'Le Gall$2');
    expect(resultOf('Nom')).toHaveTextContent('LE GALL« $ » « 2 »');
    // Made of the names as their rules leave them: nothing the last name's rule removed ('2', '$').
    expect(resultOf('Login proposé')).toHaveTextContent('jean-eloi.le-gall.clg-moulinAucun');
  });

  it('tries the rules being edited before they are saved, then saves the whole list after the confirmation', async () => {
    let saved = SAVED;
    const { fetchMock, user } = await renderRegexTab({
      'GET /api/settings/regex': () => ({ status: 200, body: saved }),
      'PUT /api/settings/regex': () => {
        saved = SAVED.map((setting) =>
          setting.fieldName === 'lastname' ? { ...setting, regexConversion: 'FIRSTMAJ' } : setting,
        );
        return { status: 200, body: saved };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.click(within(group('Nom')).getByRole('combobox', { name: 'Conversion' }));
    await user.click(screen.getByRole('option', { name: 'FIRSTMAJ (initiales en majuscule)' }));
    expect(resultOf('Nom')).toHaveTextContent("D'Ormesson Núñez");
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/regex')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmer les modifications' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'Nom · Conversion : MAJ (majuscules) → FIRSTMAJ (initiales en majuscule)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));

    expect(await screen.findByText('Les paramètres ont bien été mis à jour.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/regex')).toEqual([saved]);
    await waitFor(() => expect(structureOf('Nom')).toHaveAttribute('readonly'));
    expect(within(group('Nom')).getByRole('combobox', { name: 'Conversion' })).toHaveValue('FIRSTMAJ (initiales en majuscule)');
  });

  it('says a structure that is not valid is ignored by the tester, and refuses it before sending anything', async () => {
    const { fetchMock, user } = await renderRegexTab({ 'GET /api/settings/regex': { status: 200, body: SAVED } });

    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.clear(structureOf('Nom'));
    await user.type(structureOf('Nom'), '[[A-Z');
    expect(resultOf('Nom')).toHaveTextContent("Structure non valide : ignorée tant qu'elle n'est pas corrigée.");
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));

    expect(structureOf('Nom')).toHaveAccessibleDescription("Cette structure n'est pas une expression régulière valide.");
    expect(structureOf('Nom')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/settings/regex')).toEqual([]);
  });

  it('refuses a login structure that lets a space or an accent into logins', async () => {
    const { user } = await renderRegexTab({ 'GET /api/settings/regex': { status: 200, body: SAVED } });

    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.clear(structureOf('Login'));
    await user.type(structureOf('Login'), '[[a-zé .]');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));

    expect(structureOf('Login')).toHaveAccessibleDescription(/Un login ne peut contenir que des lettres sans accent/);
  });

  it("places the server's refusal, given by position in the list, under the field it names", async () => {
    const { user } = await renderRegexTab({
      'GET /api/settings/regex': { status: 200, body: SAVED },
      'PUT /api/settings/regex': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Invalid body',
          details: { fieldErrors: { '2.regexStructure': ['settings.errors.unsafe_login_structure'] } },
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.type(within(group('Login')).getByLabelText('Caractères spéciaux'), '_');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));

    await waitFor(() =>
      expect(structureOf('Login')).toHaveAccessibleDescription(/Un login ne peut contenir que des lettres sans accent/),
    );
    expect(within(group('Login')).getByLabelText('Caractères spéciaux')).toHaveValue('.-_');
  });

  it('lets a reader without the write right try the rules, without Modifier', async () => {
    const rights = { ...DEFAULT_RIGHTS.Administrateur, Config: { Lecture: 1, Ecriture: 0 } } as const;
    await renderRegexTab(
      { 'GET /api/settings/regex': { status: 200, body: SAVED } },
      buildSessionUser('Administrateur', { rights }),
    );

    expect(await screen.findByRole('group', { name: 'Nom' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(resultOf('Nom')).toHaveTextContent("D'ORMESSON NÚÑEZ");
  });
});
