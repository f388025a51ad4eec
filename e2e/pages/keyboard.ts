import { expect, type Locator, type Page } from '@playwright/test';

/** Whether the target is the focused element; false, without waiting, while it is not in the page (a grid's column not drawn yet). */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));
}

/**
 * Presses a key until the target has the focus, as a keyboard user would (Tab through a page,
 * Shift+Tab back, arrows through a menu or a grid); fails after `maxPresses`.
 */
export async function pressUntilFocused(page: Page, key: string, target: Locator, maxPresses = 60): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** Presses Tab until the target has the focus. */
export function tabTo(page: Page, target: Locator): Promise<void> {
  return pressUntilFocused(page, 'Tab', target);
}

/** Presses Shift+Tab until the target has the focus. */
export function tabBackTo(page: Page, target: Locator): Promise<void> {
  return pressUntilFocused(page, 'Shift+Tab', target);
}

/** Chooses an option of the focused native select with the arrow keys, by its label. */
export async function chooseWithArrows(page: Page, select: Locator, label: string, maxPresses = 30): Promise<void> {
  await expect(select).toBeFocused();
  const selected = () => select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.label ?? '');
  for (let press = 0; press < maxPresses && (await selected()) !== label; press += 1) {
    await page.keyboard.press('ArrowDown');
  }
  expect(await selected()).toBe(label);
}

/** The skip links of a grid and its end-of-list mark, named after what the list holds ('utilisateurs'). */
export class GridSkipLinks {
  readonly skipTo: Locator;
  readonly skipPast: Locator;
  readonly end: Locator;

  constructor(page: Page, name: string) {
    this.skipTo = page.getByRole('link', { name: `Aller à la liste des ${name}`, exact: true });
    this.skipPast = page.getByRole('link', { name: `Passer la liste des ${name}`, exact: true });
    this.end = page.getByText(`Fin de la liste des ${name}`, { exact: true });
  }
}

/** The focused element inside a container: none when the focus is elsewhere. */
export function focusIn(container: Locator): Locator {
  return container.locator(':focus');
}
