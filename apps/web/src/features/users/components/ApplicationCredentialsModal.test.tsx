import type { SchoolPlatform } from '@console/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSchoolApplication, buildSchoolPlatform } from '../test-factories';
import { ApplicationCredentialsModal, type ApplicationCredentialsModalProps } from './ApplicationCredentialsModal';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const REQUIRED = 'Ce champ est obligatoire.';

function renderModal(overrides: Partial<ApplicationCredentialsModalProps> & { platform?: SchoolPlatform } = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <ApplicationCredentialsModal
      isOpened
      application={buildSchoolApplication()}
      platform={buildSchoolPlatform()}
      initial={{ login: null, keys: null, hasStoredPassword: false }}
      isSaving={false}
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...overrides}
    />,
    { i18n },
  );
  return { onConfirm, onCancel, events: userEvent.setup() };
}

describe('ApplicationCredentialsModal', () => {
  it('requires login and password when the scheme requires them, and the code when it requires one', async () => {
    const { events, onConfirm } = renderModal({
      application: buildSchoolApplication({
        urlSchemeLoginRequired: true,
        urlSchemePwdRequired: true,
        urlSchemeCodeRequired: true,
      }),
    });
    expect(screen.getByRole('dialog', { name: 'Accès à Lalilo' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Identifiant/)).toBeRequired();
    expect(screen.getByLabelText(/^Mot de passe/)).toBeRequired();
    expect(screen.getByLabelText(/^Code/)).toBeRequired();

    await events.click(screen.getByRole('button', { name: 'Valider' }));

    expect(screen.getByLabelText(/^Identifiant/)).toHaveAccessibleDescription(REQUIRED);
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAccessibleDescription(REQUIRED);
    expect(screen.getByLabelText(/^Code/)).toHaveAccessibleDescription(REQUIRED);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('checks a field on change and on blur, not before', async () => {
    const { events } = renderModal({
      application: buildSchoolApplication({ urlSchemeLoginRequired: true, urlSchemePwdRequired: true }),
    });
    expect(screen.getByLabelText(/^Identifiant/)).not.toHaveAccessibleDescription();

    await events.type(screen.getByLabelText(/^Identifiant/), 'a');
    await events.clear(screen.getByLabelText(/^Identifiant/));
    expect(screen.getByLabelText(/^Identifiant/)).toHaveAccessibleDescription(REQUIRED);
    expect(screen.getByLabelText(/^Mot de passe/)).not.toHaveAccessibleDescription();

    await events.click(screen.getByLabelText(/^Mot de passe/));
    await events.tab();
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAccessibleDescription(REQUIRED);

    await events.type(screen.getByLabelText(/^Identifiant/), 'lea');
    expect(screen.getByLabelText(/^Identifiant/)).not.toHaveAccessibleDescription();
  });

  it('asks nothing the application does not require, and hides the code without a code option', async () => {
    const { events, onConfirm } = renderModal();
    expect(screen.getByLabelText(/^Identifiant/)).not.toBeRequired();
    expect(screen.getByLabelText(/^Mot de passe/)).not.toBeRequired();
    expect(screen.queryByLabelText(/^Code/)).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Valider' }));

    expect(onConfirm).toHaveBeenCalledWith({ login: null, password: null, keys: null });
  });

  it('shows the code the platform requires, filled with the common code, which fills it when left blank', async () => {
    const { events, onConfirm } = renderModal({
      platform: buildSchoolPlatform({ platformCodeRequired: true, commonCode: 'COMMUN-1' }),
    });
    const code = screen.getByLabelText(/^Code/);
    expect(code).toHaveValue('COMMUN-1');
    expect(code).not.toBeRequired();

    await events.clear(code);
    await events.click(screen.getByRole('button', { name: 'Valider' }));

    expect(onConfirm).toHaveBeenCalledWith({ login: null, password: null, keys: 'COMMUN-1' });
  });

  it('requires the code the platform requires when there is no common code', async () => {
    const { events, onConfirm } = renderModal({ platform: buildSchoolPlatform({ platformCodeRequired: true }) });

    await events.type(screen.getByLabelText(/^Code/), ' ');
    expect(screen.getByLabelText(/^Code/)).toHaveAccessibleDescription(REQUIRED);
    await events.type(screen.getByLabelText(/^Code/), 'PERSO-2');
    await events.click(screen.getByRole('button', { name: 'Valider' }));

    expect(onConfirm).toHaveBeenCalledWith({ login: null, password: null, keys: 'PERSO-2' });
  });

  it('shows the code when only the application has a code option, optional then', () => {
    renderModal({ application: buildSchoolApplication({ applicationCodeYesNo: true }) });

    expect(screen.getByLabelText(/^Code/)).not.toBeRequired();
  });

  it('keeps a stored platform password: the field is disabled and not required', async () => {
    const { events, onConfirm } = renderModal({
      application: buildSchoolApplication({ urlSchemeLoginRequired: true, urlSchemePwdRequired: true }),
      initial: { login: 'lea.kne', keys: null, hasStoredPassword: true },
    });
    const password = screen.getByLabelText(/^Mot de passe/);
    expect(password).toBeDisabled();
    expect(password).not.toBeRequired();
    expect(screen.getByText('Le mot de passe de la plateforme est déjà enregistré.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Identifiant/)).toHaveValue('lea.kne');

    await events.click(screen.getByRole('button', { name: 'Valider' }));

    expect(onConfirm).toHaveBeenCalledWith({ login: 'lea.kne', password: null, keys: null });
  });

  it('sends the trimmed values typed, and cancels without sending', async () => {
    const { events, onConfirm, onCancel } = renderModal({ application: buildSchoolApplication({ urlSchemePwdRequired: true }) });

    await events.type(screen.getByLabelText(/^Identifiant/), ' lea ');
    await events.type(screen.getByLabelText(/^Mot de passe/), 'pa55');
    await events.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();

    await events.click(screen.getByRole('button', { name: 'Valider' }));
    expect(onConfirm).toHaveBeenCalledWith({ login: 'lea', password: 'pa55', keys: null });
  });
});
