import { expect, type Locator, type Page } from '@playwright/test';
import { addPupils, type ArrangedUser, type CatalogueApplication } from './school-users-api';
import type { UsersPage } from './users-page';

/** A file the browser downloaded: the name it saved it under, its bytes and its text (UTF-8, byte-order mark kept). */
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
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    return { name: download.suggestedFilename(), bytes, text: bytes.toString('utf8') };
  }
}

/**
 * Adds pupils to a school through the product's own API (`POST /api/users`), each with an access
 * to one application of the school's catalogue whose login is the pupil's own: the data a
 * platform's export lists. Returns the application's platform id.
 */
export async function addPupilsWithApplication(
  page: Page,
  uai: string,
  pupils: ArrangedUser[],
  applicationName: string,
): Promise<string> {
  const schoolAnswer = await page.request.get(`/api/schools/${uai}/users`);
  expect(schoolAnswer.ok(), await schoolAnswer.text()).toBe(true);
  const school = (await schoolAnswer.json()) as { applications: CatalogueApplication[] };
  const application = school.applications.find((candidate) => candidate.name === applicationName);
  if (!application) throw new Error(`no application ${applicationName} in the school ${uai}`);

  await addPupils(page, uai, pupils, application);
  return application.platformId;
}
