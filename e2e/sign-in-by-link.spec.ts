import { expect, test } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { MESSAGES, SignInPage } from './pages/sign-in-page';
import { ShellPage } from './pages/shell-page';

test.describe('sign-in by link', () => {
  test('signs the pupil in with their link token', async ({ page, request }) => {
    const answer = await request.post('/api/auth/login', { data: DEMO.pupil });
    expect(answer.ok()).toBe(true);
    const { informations } = (await answer.json()) as { informations: { qrCode: string } };

    await page.goto(`/?iduser=${encodeURIComponent(informations.qrCode)}`);

    await expect(new ShellPage(page).heading('Mon compte')).toBeVisible();
    await expect(page).not.toHaveURL(/iduser=/);
  });

  test('shows the error and removes iduser from the URL for a bad token', async ({ page }) => {
    await page.goto('/?iduser=not-a-real-token');

    const signInPage = new SignInPage(page);
    await signInPage.expectLoginError(MESSAGES.invalidLogins);
    await expect(page).not.toHaveURL(/iduser=/);
    await expect(signInPage.submit).toBeEnabled();
  });
});
