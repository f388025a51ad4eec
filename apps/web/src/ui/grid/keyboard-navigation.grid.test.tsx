import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { describeFocus, renderKeyboardGridPage, SELECTION_COLUMN } from './test-keyboard-grid';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

// AG Grid in jsdom: its keyboard handling runs, but not what needs a layout (focusing into a floating
// filter checks that its input is visible); the browser journey e2e/users-keyboard.spec.ts covers that.
describe('a grid with the console keyboard callbacks', () => {
  async function focusFirstHeader() {
    const user = await renderKeyboardGridPage(i18n);
    screen.getByRole('link', { name: 'Passer la liste des utilisateurs' }).focus();
    await user.tab();
    expect(describeFocus()).toBe(`header ${SELECTION_COLUMN}`);
    return user;
  }

  it('is one Tab stop: Tab from the first header leaves it, Shift+Tab comes back in, Shift+Tab again leaves it backwards', async () => {
    const user = await focusFirstHeader();

    await user.tab();
    expect(describeFocus()).toBe('Après');
    await user.tab({ shift: true });
    // AG Grid's way in from below: the last row's last cell.
    expect(describeFocus()).toBe('cell 1 comment');
    await user.tab({ shift: true });
    expect(describeFocus()).toBe('Passer la liste des utilisateurs');
  });

  it('leaves backwards from a header', async () => {
    const user = await focusFirstHeader();
    await user.keyboard('{ArrowRight}');
    expect(describeFocus()).toBe('header login');

    await user.tab({ shift: true });
    expect(describeFocus()).toBe('Passer la liste des utilisateurs');
  });

  it('moves between headers, floating filters and cells with the arrows, and Tab from a cell leaves it', async () => {
    const user = await focusFirstHeader();

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(describeFocus()).toBe('header level');
    await user.keyboard('{ArrowDown}');
    expect(describeFocus()).toBe('filter level');
    await user.keyboard('{ArrowDown}');
    expect(describeFocus()).toBe('cell 0 level');
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(describeFocus()).toBe('cell 1 comment');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(describeFocus()).toBe('header comment');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.tab();
    expect(describeFocus()).toBe('Après');
  });

  it('leaves the floating filter cells by Tab too', async () => {
    const user = await focusFirstHeader();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(describeFocus()).toBe('filter login');

    await user.tab();
    expect(describeFocus()).toBe('Après');
  });

  it('selects every row with Space on the select-all header', async () => {
    const user = await focusFirstHeader();

    await user.keyboard('[Space]');

    await waitFor(() =>
      expect(
        screen.getAllByRole('checkbox', { checked: true }).map((box) => box.closest('[row-index]')?.getAttribute('row-index')),
      ).toEqual(expect.arrayContaining(['0', '1'])),
    );
  });

  it('while editing, Tab saves and opens the next editable cell, and leaves the grid after the last one', async () => {
    const user = await focusFirstHeader();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(describeFocus()).toBe('editor 0 level'));
    await user.keyboard('{Control>}a{/Control}4e');

    await user.tab();
    expect(describeFocus()).toBe('editor 0 comment');
    expect(screen.getByText('4e')).toBeInTheDocument();
    await user.tab();
    expect(describeFocus()).toBe('editor 1 level');
    await user.tab();
    expect(describeFocus()).toBe('editor 1 comment');
    await user.tab();
    expect(describeFocus()).toBe('Après');
  });
});
