import { expect, type Locator, type Page } from '@playwright/test';
import { readDownload, type DownloadedFile } from './export-menu';
import type { UsersPage } from './users-page';

/** The users view's 'Export PDF' menu, its dialog of choices and the PDF it downloads. */
export class SheetsMenu {
  readonly page: Page;
  readonly button: Locator;
  readonly menu: Locator;

  constructor(users: UsersPage) {
    this.page = users.page;
    this.button = users.button('Export PDF');
    this.menu = this.page.getByRole('menu', { name: 'Export PDF' });
  }

  async open(): Promise<void> {
    await this.button.click();
    await expect(this.menu).toBeVisible();
  }

  item(name: string): Locator {
    return this.menu.getByRole('menuitem', { name, exact: true });
  }

  /** The dialog of one sheet type's choices. */
  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Clicks Générer in a dialog and reads the file it downloads. */
  async generate(dialog: Locator): Promise<DownloadedFile> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout: 60_000 }),
      dialog.getByRole('button', { name: 'Générer' }).click(),
    ]);
    return readDownload(download, 'latin1');
  }
}
