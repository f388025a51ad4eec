import { expect, type Locator, type Page } from '@playwright/test';
import type { DemoAccount } from './demo-accounts';
import { SignInPage } from './sign-in-page';

export class ShellPage {
  readonly menu: Locator;
  readonly menuToggle: Locator;
  readonly userMenuButton: Locator;
  readonly preferences: Locator;

  constructor(readonly page: Page) {
    this.menu = page.getByRole('navigation', { name: 'Menu principal' });
    this.menuToggle = page.getByRole('button', { name: 'Afficher ou masquer le menu (Ctrl+B)' });
    this.userMenuButton = page.getByRole('button', { name: /, compte de / });
    this.preferences = page.getByRole('dialog', { name: 'Préférences' });
  }

  /** Signs in from the sign-in page and waits for the shell. */
  /**
   * Signs in through the API and opens the console, in French: the session cookie lands in the
   * page's context, and the console starts signed in, as after a reload. The sign-in form has journeys
   * of its own (sign-in.spec.ts and others); the rest skip loading it, one start of the app less.
   */
  static async signIn(page: Page, account: DemoAccount): Promise<ShellPage> {
    const answer = await page.request.post('/api/auth/login', { data: { login: account.login, password: account.password } });
    expect(answer.status(), await answer.text()).toBe(200);
    // The language is kept with the account: each journey starts in French, whatever one before chose.
    const french = await page.request.put('/api/auth/language', { data: { language: 'fr' } });
    expect(french.status(), await french.text()).toBe(200);
    await page.goto('/');
    const shell = new ShellPage(page);
    await expect(shell.userMenuButton).toBeVisible();
    return shell;
  }

  /**
   * Checks that a toast covers none of what the user needs (issue 31 §7): the top bar, and each
   * of `needed` that is on screen (a grid, the view's buttons). Boxes are read as drawn.
   */
  async expectToastCoversNothing(toast: Locator, needed: Locator[]): Promise<void> {
    const box = await toast.boundingBox();
    expect(box, 'the toast is drawn').not.toBeNull();
    const overlaps = (a: NonNullable<typeof box>, b: NonNullable<typeof box>) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const part of [this.page.getByRole('banner'), ...needed]) {
      for (const element of await part.all()) {
        const other = await element.boundingBox();
        if (other) expect(overlaps(box!, other), `the toast covers ${String(element)}`).toBe(false);
      }
    }
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }

  menuEntry(name: string): Locator {
    return this.menu.getByRole('link', { name, exact: true });
  }

  /** Opens a view from the menu; its heading is the entry's name unless given. */
  async openView(name: string, heading = name): Promise<void> {
    await this.menuEntry(name).click();
    await expect(this.heading(heading)).toBeVisible();
  }

  async openPreferences(tab?: string): Promise<Locator> {
    await this.userMenuButton.click();
    await this.page.getByRole('menuitem', { name: 'Préférences' }).click();
    await expect(this.preferences).toBeVisible();
    if (tab) await this.preferences.getByRole('tab', { name: tab }).click();
    return this.preferences;
  }

  /**
   * Signs out from the user menu. A dialog still closing (its fade, then the focus it gives back)
   * can take a click meant for the menu: the journey waits for it to be gone, then for the menu.
   */
  async signOut(): Promise<void> {
    await expect(this.page.getByRole('dialog')).toHaveCount(0);
    await this.userMenuButton.click();
    const menu = this.page.getByRole('menu', { name: /, compte de / });
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect(new SignInPage(this.page).submit).toBeVisible();
  }
}
