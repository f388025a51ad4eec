import { expect, type Locator, type Page } from '@playwright/test';

/** The top bar's user search and its results dialog. */
export class UserSearchPage {
  readonly input: Locator;
  readonly dialog: Locator;
  readonly results: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByRole('banner').getByRole('textbox', { name: 'Rechercher un utilisateur' });
    this.dialog = page.getByRole('dialog', { name: "Recherche d'utilisateurs" });
    this.results = this.dialog.getByRole('table');
  }

  /** Types the text in the top bar and presses Enter. */
  async search(text: string): Promise<void> {
    await this.input.fill(text);
    await this.input.press('Enter');
  }

  /** The result row holding the login. */
  row(login: string): Locator {
    return this.results.getByRole('row').filter({ has: this.page.getByRole('cell', { name: login, exact: true }) });
  }

  async expectOpen(): Promise<void> {
    await expect(this.dialog).toBeVisible();
  }
}
