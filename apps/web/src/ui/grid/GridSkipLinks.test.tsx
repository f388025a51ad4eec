import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { describeFocus, renderKeyboardGridPage, SELECTION_COLUMN } from './test-keyboard-grid';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const skipTo = () => screen.getByRole('link', { name: 'Aller à la liste des utilisateurs' });
const skipPast = () => screen.getByRole('link', { name: 'Passer la liste des utilisateurs' });

describe('the grid skip links', () => {
  it('come between what precedes the grid and the grid, in Tab order', async () => {
    const user = await renderKeyboardGridPage(i18n);
    screen.getByRole('button', { name: 'Avant' }).focus();

    await user.tab();
    expect(skipTo()).toHaveFocus();
    await user.tab();
    expect(skipPast()).toHaveFocus();
    await user.tab();
    expect(describeFocus()).toBe(`header ${SELECTION_COLUMN}`);
  });

  it("'Aller à la liste' moves focus to the grid's first header", async () => {
    const user = await renderKeyboardGridPage(i18n);
    skipTo().focus();

    await user.keyboard('{Enter}');

    await waitFor(() => expect(describeFocus()).toBe(`header ${SELECTION_COLUMN}`));
  });

  it("'Passer la liste' moves focus to the end-of-list mark after the grid, from where Tab goes on", async () => {
    const user = await renderKeyboardGridPage(i18n);
    skipPast().focus();

    await user.keyboard('{Enter}');

    expect(screen.getByText('Fin de la liste des utilisateurs')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Après' })).toHaveFocus();
  });
});
