import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/api';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { EditAndSave, type EditableField, type FieldChanges } from './EditAndSave';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const INVALID_URL = 'settings.errors.invalid_url';
const INVALID_URL_TEXT =
  "Cette adresse n'est pas valide : elle doit commencer par http://, https:// ou mailto: et ne contenir ni tabulation ni retour à la ligne. Un texte qui n'est pas une adresse ne commence pas par « mot: ».";
const refuseScripts = (value: string) => (value.startsWith('javascript:') ? INVALID_URL : null);

const FIELDS: EditableField[] = [
  { name: 'helpCenter', label: 'Centre d’aide', value: 'https://aide.exemple.fr', validate: refuseScripts },
  { name: 'legalNotice', label: 'Mentions légales', value: 'https://exemple.fr/mentions', validate: refuseScripts },
  { name: 'welcome', label: 'Accueil', value: '', multiline: true },
];

function renderEditAndSave({
  onSave = vi.fn<(changes: FieldChanges) => Promise<unknown>>().mockResolvedValue(undefined),
  isNew,
  canEdit,
}: {
  onSave?: (changes: FieldChanges) => Promise<unknown>;
  isNew?: boolean;
  canEdit?: boolean;
} = {}) {
  renderWithProviders(<EditAndSave fields={FIELDS} onSave={onSave} label="Liens" isNew={isNew} canEdit={canEdit} />, {
    i18n,
    withNotifications: true,
  });
  return { onSave, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name);
const button = (name: string) => screen.getByRole('button', { name });

describe('edit and save', () => {
  it('shows the values read-only, still focusable, with Modifier', async () => {
    const { user } = renderEditAndSave();

    expect(screen.getByRole('form', { name: 'Liens' })).toBeInTheDocument();
    expect(field('Centre d’aide')).toHaveValue('https://aide.exemple.fr');
    expect(field('Centre d’aide')).toHaveAttribute('readonly');
    expect(field('Centre d’aide')).toBeEnabled();
    expect(field('Accueil')).toHaveAttribute('readonly');
    await user.type(field('Centre d’aide'), 'x');
    expect(field('Centre d’aide')).toHaveValue('https://aide.exemple.fr');
    expect(button('Modifier')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sauvegarder' })).not.toBeInTheDocument();
  });

  it('has no Modifier without the right to change', () => {
    renderEditAndSave({ canEdit: false });

    expect(field('Centre d’aide')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  });

  it('Modifier makes the fields editable and focuses the first; Annuler restores the values', async () => {
    const { user, onSave } = renderEditAndSave();

    await user.click(button('Modifier'));

    expect(field('Centre d’aide')).not.toHaveAttribute('readonly');
    expect(field('Centre d’aide')).toHaveFocus();
    await user.clear(field('Centre d’aide'));
    await user.type(field('Centre d’aide'), 'https://nouvelle.exemple.fr');
    await user.click(button('Annuler'));

    expect(field('Centre d’aide')).toHaveValue('https://aide.exemple.fr');
    expect(field('Centre d’aide')).toHaveAttribute('readonly');
    expect(button('Modifier')).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('leaves edit mode without any call when nothing changed', async () => {
    const { user, onSave } = renderEditAndSave();

    await user.click(button('Modifier'));
    await user.click(button('Sauvegarder'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field('Centre d’aide')).toHaveAttribute('readonly');
    expect(button('Modifier')).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('confirms each change, old → new, then saves only the changes and says so', async () => {
    let finishSave: () => void = () => {};
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finishSave = resolve)));
    const { user } = renderEditAndSave({ onSave });

    await user.click(button('Modifier'));
    await user.clear(field('Centre d’aide'));
    await user.type(field('Centre d’aide'), 'https://nouvelle.exemple.fr');
    await user.type(field('Accueil'), 'Bienvenue');
    await user.click(button('Sauvegarder'));

    const dialog = screen.getByRole('dialog', { name: 'Confirmer les modifications' });
    const changes = within(dialog).getAllByRole('listitem');
    expect(changes.map((change) => change.textContent)).toEqual([
      'Centre d’aide : https://aide.exemple.fr → https://nouvelle.exemple.fr',
      'Accueil : (vide) → Bienvenue',
    ]);
    const confirm = within(dialog).getByRole('button', { name: 'Confirmer' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(onSave).not.toHaveBeenCalled();

    await user.click(confirm);

    expect(onSave).toHaveBeenCalledExactlyOnceWith({ helpCenter: 'https://nouvelle.exemple.fr', welcome: 'Bienvenue' });
    expect(confirm).toHaveAttribute('data-loading', 'true');
    finishSave();

    expect(await screen.findByText('Les paramètres ont bien été mis à jour.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field('Centre d’aide')).toHaveAttribute('readonly');
    expect(button('Modifier')).toHaveFocus();
  });

  it('goes back to editing, with what was typed, when the confirmation is cancelled', async () => {
    const { user, onSave } = renderEditAndSave();

    await user.click(button('Modifier'));
    await user.type(field('Accueil'), 'Bienvenue');
    await user.click(button('Sauvegarder'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field('Accueil')).toHaveValue('Bienvenue');
    expect(button('Sauvegarder')).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses an invalid value with its message under the field, before any confirmation', async () => {
    const { user, onSave } = renderEditAndSave();

    await user.click(button('Modifier'));
    await user.clear(field('Mentions légales'));
    await user.type(field('Mentions légales'), 'javascript:alert(1)');
    await user.click(button('Sauvegarder'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field('Mentions légales')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Mentions légales')).toHaveAccessibleDescription(INVALID_URL_TEXT);
    expect(field('Mentions légales')).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(field('Mentions légales'));
    expect(field('Mentions légales')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's field error under its field and keeps what was typed", async () => {
    const onSave = vi
      .fn()
      .mockRejectedValue(new ApiError(400, 'validation_failed', 'Invalid body', { helpCenter: [INVALID_URL] }));
    const { user } = renderEditAndSave({ onSave });

    await user.click(button('Modifier'));
    await user.clear(field('Centre d’aide'));
    await user.type(field('Centre d’aide'), 'https://refusée.exemple.fr');
    await user.click(button('Sauvegarder'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field('Centre d’aide')).toHaveValue('https://refusée.exemple.fr');
    expect(field('Centre d’aide')).not.toHaveAttribute('readonly');
    expect(field('Centre d’aide')).toHaveAccessibleDescription(INVALID_URL_TEXT);
    expect(field('Centre d’aide')).toHaveFocus();
    expect(screen.queryByText('Les paramètres ont bien été mis à jour.')).not.toBeInTheDocument();
  });

  it('tells another failure in a toast and stays in edit mode', async () => {
    const onSave = vi.fn().mockRejectedValue(new ApiError(403, 'forbidden', 'No right'));
    const { user } = renderEditAndSave({ onSave });

    await user.click(button('Modifier'));
    await user.type(field('Accueil'), 'Bienvenue');
    await user.click(button('Sauvegarder'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));

    expect(await screen.findByText("Vous n'avez pas le droit d'effectuer cette action.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field('Accueil')).toHaveValue('Bienvenue');
    expect(button('Sauvegarder')).toHaveFocus();
  });

  it('starts a new entry in edit mode, every field to be sent', async () => {
    const { user, onSave } = renderEditAndSave({ isNew: true });

    expect(field('Centre d’aide')).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    await user.click(button('Sauvegarder'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));

    await waitFor(() =>
      expect(onSave).toHaveBeenCalledExactlyOnceWith({
        helpCenter: 'https://aide.exemple.fr',
        legalNotice: 'https://exemple.fr/mentions',
        welcome: '',
      }),
    );
  });
});
