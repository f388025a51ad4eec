import { expect, type Locator, type Page } from '@playwright/test';

/** The school picker of the top bar (Ctrl/Cmd+E) and its delete confirmation. */
export class SchoolPickerPage {
  readonly dialog: Locator;
  readonly search: Locator;
  readonly list: Locator;
  readonly refresh: Locator;
  readonly confirmation: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Choisir un établissement' });
    this.search = this.dialog.getByLabel('Rechercher un établissement');
    this.list = this.dialog.getByRole('list', { name: 'Établissements' });
    this.refresh = this.dialog.getByRole('button', { name: 'Actualiser la liste des établissements' });
    this.confirmation = page.getByRole('dialog', { name: "Supprimer l'établissement" });
  }

  /** Opens the picker with the keyboard shortcut and waits for the list. */
  async openWithShortcut(): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+e');
    await expect(this.list).toBeVisible();
  }

  /** The school's choice button, found by a part of its 'UAI - Nom - Commune' label. */
  school(label: string | RegExp): Locator {
    return this.list.getByRole('button', { name: label, exact: typeof label === 'string' });
  }

  deleteButton(label: string | RegExp): Locator {
    return this.list.getByRole('button', { name: typeof label === 'string' ? `Supprimer l'établissement ${label}` : label });
  }

  /** Searches, then chooses the school whose label matches. */
  async choose(search: string, label: string | RegExp): Promise<void> {
    await this.search.fill(search);
    await this.school(label).click();
    await expect(this.dialog).toBeHidden();
  }
}
