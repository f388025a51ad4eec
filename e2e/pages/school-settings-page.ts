import { expect, type Locator, type Page } from '@playwright/test';

export const SCHOOL_SETTINGS_TITLE = "Paramètres de l'établissement";

export const SCHOOL_SETTINGS_MESSAGES = {
  updated: 'Les paramètres ont bien été mis à jour.',
  deploymentUpdated: 'Les informations de déploiement ont bien été mises à jour.',
  passwordCopied: 'Le mot de passe a été copié dans le presse-papier.',
};

/** A school's settings view (`/schools/{uai}/settings/{tab}`): its tabs, each a form with the edit-and-save pattern. */
export class SchoolSettingsPage {
  readonly heading: Locator;
  readonly confirmDialog: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: SCHOOL_SETTINGS_TITLE, exact: true });
    this.confirmDialog = page.getByRole('dialog', { name: 'Confirmer les modifications', exact: true });
    this.confirm = this.confirmDialog.getByRole('button', { name: 'Confirmer', exact: true });
  }

  /** Opens a school's settings at a tab by its address, and waits for the tab. */
  static async open(page: Page, uai: string, tab: string, tabName: string): Promise<SchoolSettingsPage> {
    await page.goto(`/schools/${uai}/settings/${tab}`);
    const settings = new SchoolSettingsPage(page);
    await expect(settings.heading).toBeVisible();
    await expect(settings.tab(tabName)).toHaveAttribute('aria-selected', 'true');
    return settings;
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  form(name: string): Locator {
    return this.page.getByRole('form', { name, exact: true });
  }

  button(form: Locator, name: string): Locator {
    return form.getByRole('button', { name, exact: true });
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
