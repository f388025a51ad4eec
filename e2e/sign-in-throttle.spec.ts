import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { DEMO } from './pages/demo-accounts';
import { MESSAGES, SignInPage } from './pages/sign-in-page';
import { ShellPage } from './pages/shell-page';

// The product trusts 127.0.0.1 as its load balancer (playwright.config.ts): a browser context
// that sends this X-Forwarded-For signs in from the school's own address, the other journeys
// from 127.0.0.1.
const SCHOOL_ADDRESS = '203.0.113.45';
const ADDRESS_MAX_FAILURES = 30;

function schoolBrowser(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': SCHOOL_ADDRESS } });
}

test.describe('sign-in behind a school shared address', () => {
  test('after a flood of failures from the address, a known browser still signs in and an unknown one is told to wait', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const known = await schoolBrowser(browser);
    const knownPage = await known.newPage();
    const knownShell = await ShellPage.signIn(knownPage, DEMO.teacher);
    await expect(knownShell.heading('Mon compte')).toBeVisible();
    await knownShell.signOut();

    // A pupil of the school tries logins from a script, behind the same address.
    const sprayer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': SCHOOL_ADDRESS } });
    for (let attempt = 1; attempt <= ADDRESS_MAX_FAILURES; attempt += 1) {
      const answer = await sprayer.post('/api/auth/login', { data: { login: `inconnu.${attempt}`, password: 'Devine#2026' } });
      expect(answer.status()).toBe(401);
    }
    expect((await sprayer.post('/api/auth/login', { data: DEMO.pupil })).status()).toBe(429);
    await sprayer.dispose();

    const unknown = await schoolBrowser(browser);
    const unknownPage = await unknown.newPage();
    const unknownSignIn = new SignInPage(unknownPage);
    await unknownSignIn.goto();
    await unknownSignIn.signIn(DEMO.pupil);
    await unknownSignIn.expectLoginError(MESSAGES.tooManyAttempts);

    const knownSignIn = new SignInPage(knownPage);
    await knownSignIn.signIn(DEMO.teacher);
    await expect(knownShell.heading('Mon compte')).toBeVisible();

    await known.close();
    await unknown.close();
  });
});
