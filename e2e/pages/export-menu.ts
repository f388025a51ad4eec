import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { UsersPage } from './users-page';

/** A file the browser downloaded: the name it saved it under, its bytes and its text (UTF-8 unless read otherwise, byte-order mark kept). */
export type DownloadedFile = { name: string; bytes: Buffer; text: string };

/** The users view's 'Export CSV' menu: its items, the 'Par éditeur' submenu and the files they download. */
export class ExportMenu {
  readonly page: Page;
  readonly button: Locator;
  readonly menu: Locator;
  readonly platforms: Locator;

  constructor(users: UsersPage) {
    this.page = users.page;
    this.button = users.button('Export CSV');
    this.menu = this.page.getByRole('menu', { name: 'Export CSV' });
    this.platforms = this.page.getByRole('menu', { name: 'Par éditeur' });
  }

  async open(): Promise<void> {
    await this.button.click();
    await expect(this.menu).toBeVisible();
  }

  item(name: string): Locator {
    return this.menu.getByRole('menuitem', { name, exact: true });
  }

  /** Opens 'Par éditeur' with the pointer, as a user would. */
  async openPlatforms(): Promise<void> {
    await this.item('Par éditeur').hover();
    await expect(this.platforms).toBeVisible();
  }

  platform(name: string): Locator {
    return this.platforms.getByRole('menuitem', { name, exact: true });
  }

  /** Clicks an item and reads the file it downloads. */
  async download(item: Locator): Promise<DownloadedFile> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), item.click()]);
    return readDownload(download);
  }
}

/** A download's name and bytes, its text read as `encoding`. */
export async function readDownload(download: Download, encoding: BufferEncoding = 'utf8'): Promise<DownloadedFile> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  return { name: download.suggestedFilename(), bytes, text: bytes.toString(encoding) };
}
