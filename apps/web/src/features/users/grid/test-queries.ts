import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The grid's status line: « 5 utilisateurs · 4 filtrés · 0 sélectionné » (French spaces made plain). */
export function statusText(): string {
  return (screen.getByText(/utilisateurs? ·/).textContent ?? '').replace(/\s/g, ' ');
}

/** Waits (up to the 10 s of src/test/setup.ts) for the status line to read `text`. */
export async function expectStatus(text: string): Promise<void> {
  await waitFor(() => expect(statusText()).toBe(text));
}

/** The grid row (centre part) showing a login. */
export async function findRow(login: string): Promise<HTMLElement> {
  const cell = await screen.findByText(login, { selector: '.ag-cell[col-id="login"]' });
  return cell.closest('[role="row"]') as HTMLElement;
}

/** The selection checkbox of the row showing a login (in the pinned part of the row). */
export async function findSelectionBox(login: string): Promise<HTMLElement> {
  const index = (await findRow(login)).getAttribute('row-index');
  const rows = document.querySelectorAll<HTMLElement>(`[role="row"][row-index="${index}"]`);
  const box = [...rows]
    .map((row) => row.querySelector<HTMLElement>('[col-id="ag-Grid-SelectionColumn"] input[type="checkbox"]'))
    .find(Boolean);
  if (!box) throw new Error(`no selection box for ${login}`);
  return box;
}

/** One cell of the row showing a login. */
export async function findCell(login: string, colId: string): Promise<HTMLElement> {
  const row = await findRow(login);
  const cell = row.querySelector<HTMLElement>(`[col-id="${colId}"]`);
  if (!cell) throw new Error(`no ${colId} cell for ${login}`);
  return cell;
}

/** The logins the grid shows, in its order. */
export function shownLogins(): string[] {
  return [...document.querySelectorAll<HTMLElement>('.ag-cell[col-id="login"]')]
    .map((cell) => ({ login: cell.textContent ?? '', index: Number(cell.closest('[role="row"]')?.getAttribute('row-index')) }))
    .sort((left, right) => left.index - right.index)
    .map(({ login }) => login);
}

/** The column headers shown, in order. */
export function shownHeaders(): string[] {
  return [...document.querySelectorAll<HTMLElement>('.ag-header-row-column .ag-header-cell[col-id]')]
    .sort((left, right) => Number(left.getAttribute('aria-colindex')) - Number(right.getAttribute('aria-colindex')))
    .map((header) => header.getAttribute('col-id') ?? '')
    .filter((colId) => colId !== 'ag-Grid-SelectionColumn');
}

/** Waits until the grid is ready: its filters applied and reported in the chips. */
export async function waitForGrid(): Promise<void> {
  await screen.findByRole('group', { name: 'Filtres actifs' });
}
