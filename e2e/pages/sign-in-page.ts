import { expect, type Locator, type Page } from '@playwright/test';
import type { DemoAccount } from './demo-accounts';

export const MESSAGES = {
  invalidLogins: 'Identifiant ou mot de passe incorrect.',
  accountLocked:
    'Votre compte est verrouillé suite à plusieurs tentatives de connexion infructueuses. Contactez votre administrateur.',
  tooManyAttempts: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.',
};

export class SignInPage {
  readonly heading: Locator;
  readonly login: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Console ENT' });
    this.login = page.getByLabel('Identifiant', { exact: true });
    this.password = page.getByLabel('Mot de passe', { exact: true });
    this.submit = page.getByRole('button', { name: 'Se connecter' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.submit).toBeVisible();
  }

  async signIn({ login, password }: DemoAccount): Promise<void> {
    await this.login.fill(login);
    await this.password.fill(password);
    await this.submit.click();
  }

  async expectLoginError(message: string): Promise<void> {
    await expect(this.login).toHaveAccessibleDescription(message);
  }
}
