import type { imports } from '@console/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { APPLYING, chooseAndVerify, PREVIEW, renderImportView, RESULT } from './import-view.test-support';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

/** A verification the test lets end when it chooses, and the progress the server tells meanwhile. */
function heldVerification() {
  let finish: (answer: MockAnswer) => void = () => undefined;
  const answer = new Promise<MockAnswer>((resolve) => (finish = resolve));
  let progress: imports.ImportVerification = { running: true, phase: 'read', done: 0, total: 0 };
  return {
    routes: {
      'POST /api/users/batch': () => answer,
      'GET /api/users/batch/verification': () => ({ status: 200, body: progress }),
    },
    finish,
    tell: (next: imports.ImportVerification) => void (progress = next),
  };
}

describe('a long verification', () => {
  it('shows the file read, then its lines checked, and is found again, running then verified, after leaving the view', async () => {
    const held = heldVerification();
    const { user } = renderImportView(i18n, held.routes);
    await chooseAndVerify(user);
    expect(await screen.findByText('Lecture du fichier…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vérifier' })).toHaveAttribute('data-loading', 'true');
    held.tell({ running: true, phase: 'plan', done: 500, total: 800 });
    expect(await screen.findByText('500 / 800 lignes vérifiées', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '500 / 800 lignes vérifiées' })).toHaveAttribute('aria-valuenow', '62.5');

    // Left while it runs, and opened again: still running, its progress still told.
    await user.click(screen.getByRole('button', { name: 'Quitter l’import' }));
    expect(screen.queryByText('500 / 800 lignes vérifiées')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revenir à l’import' }));
    expect(await screen.findByText('500 / 800 lignes vérifiées')).toBeInTheDocument();

    // Left again; it ends meanwhile: the view opened again shows its preview.
    await user.click(screen.getByRole('button', { name: 'Quitter l’import' }));
    held.tell({ running: false, phase: null, done: 0, total: 0 });
    held.finish({ status: 200, body: PREVIEW });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revenir à l’import' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Revenir à l’import' }));
    expect(await screen.findByRole('heading', { name: 'Aperçu de l’import' })).toBeInTheDocument();
    expect(screen.queryByText(/lignes vérifiées/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmer l’import (2 lignes)' })).toBeEnabled();
  });

  it('shows a file refused while the view was left, with its problems', async () => {
    const held = heldVerification();
    const { user } = renderImportView(i18n, held.routes);
    await chooseAndVerify(user);
    expect(await screen.findByText('Lecture du fichier…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitter l’import' }));
    held.finish({
      status: 400,
      body: {
        code: 'validation_failed',
        message: 'x',
        details: { reason: 'import_invalid', params: { count: 1 } },
        errors: [{ msg: 'imports.errors.unknown_level', line: 3, field: 'Niveau', params: { level: '7ème B' } }],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Revenir à l’import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le fichier comporte 1 erreur(s) : rien n’a été importé.');
    expect(screen.getByText('Niveau inconnu : « 7ème B ».')).toBeInTheDocument();
  });

  it('is not previewed again once confirmed while the view was left; meanwhile it waits with the lines applied', async () => {
    let applied: (answer: MockAnswer) => void = () => undefined;
    const confirmation = new Promise<MockAnswer>((resolve) => (applied = resolve));
    const { user } = renderImportView(i18n, {
      'POST /api/users/batch': { status: 200, body: PREVIEW },
      'POST /api/users/batch/41': () => confirmation,
      'GET /api/users/batch': { status: 200, body: [APPLYING] },
    });
    await chooseAndVerify(user);
    await user.click(await screen.findByRole('button', { name: 'Confirmer l’import (2 lignes)' }));
    await user.click(screen.getByRole('button', { name: 'Quitter l’import' }));
    await user.click(screen.getByRole('button', { name: 'Revenir à l’import' }));
    // Still at work: the preview cannot be confirmed twice, and says how far it is.
    expect(await screen.findByText('200 / 350 lignes appliquées')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmer l’import (2 lignes)' })).toHaveAttribute('data-loading', 'true');

    await user.click(screen.getByRole('button', { name: 'Quitter l’import' }));
    applied({ status: 200, body: RESULT });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revenir à l’import' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Revenir à l’import' }));
    expect(await screen.findByRole('button', { name: 'Vérifier' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Aperçu de l’import' })).not.toBeInTheDocument());
  });
});
