import { expect, type Locator, type Page } from '@playwright/test';
import type { ShellPage } from './shell-page';

export const SETTINGS_TITLE = 'Paramètres généraux';

export const SETTINGS_MESSAGES = {
  updated: 'Les paramètres ont bien été mis à jour.',
  invalidUrl: "Cette adresse n'est pas valide : elle doit commencer par http://, https:// ou mailto:.",
};

/** The general settings (the Config menu entry): its tabs and the Tabuléo tab's link settings, edited with the edit-and-save pattern. */
export class SettingsPage {
  readonly heading: Locator;
  readonly linksForm: Locator;
  readonly edit: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly confirmDialog: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: SETTINGS_TITLE, exact: true });
    this.linksForm = page.getByRole('form', { name: 'Tabuléo', exact: true });
    this.edit = this.linksForm.getByRole('button', { name: 'Modifier', exact: true });
    this.save = this.linksForm.getByRole('button', { name: 'Sauvegarder', exact: true });
    this.cancel = this.linksForm.getByRole('button', { name: 'Annuler', exact: true });
    this.confirmDialog = page.getByRole('dialog', { name: 'Confirmer les modifications', exact: true });
    this.confirm = this.confirmDialog.getByRole('button', { name: 'Confirmer', exact: true });
  }

  /** Opens the view from the side menu and waits for the link settings. */
  static async open(shell: ShellPage): Promise<SettingsPage> {
    await shell.openView('Configuration', SETTINGS_TITLE);
    const settings = new SettingsPage(shell.page);
    await expect(settings.page.getByRole('tab', { name: 'Tabuléo', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(settings.edit).toBeVisible();
    return settings;
  }

  /** A link setting's field, labelled by its name. */
  link(name: string): Locator {
    return this.linksForm.getByRole('textbox', { name, exact: true });
  }

  /** A toast with this text. */
  toast(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
