import { expect, type Locator, type Page } from '@playwright/test';
import type { ShellPage } from './shell-page';

/** The import view: the form, the error report, the preview. */
export class ImportPage {
  readonly main: Locator;
  readonly verify: Locator;
  readonly report: Locator;
  readonly preview: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.verify = this.main.getByRole('button', { name: 'Vérifier' });
    this.report = this.main.getByRole('alert').filter({ hasText: 'Télécharger le rapport' });
    this.preview = this.main.getByRole('table', { name: 'Aperçu de l’import' });
    this.history = this.main.getByRole('table', { name: 'Imports de l’établissement' });
  }

  static async open(shell: ShellPage): Promise<ImportPage> {
    await shell.openView('Import');
    return new ImportPage(shell.page);
  }

  /** Chooses a file as the file field would (its bytes, its name). */
  async chooseFile(name: string, text: string): Promise<void> {
    await this.main
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
    await expect(this.main.getByText(name)).toBeVisible();
  }

  async chooseMode(label: string): Promise<void> {
    await this.main.getByRole('radio', { name: label }).check();
  }

  /** The text of a downloaded file, from the link that downloads it. */
  async download(link: Locator): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), link.click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }
}
