import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { SETTINGS_MESSAGES, SettingsPage } from './pages/settings-page';
import { ShellPage } from './pages/shell-page';

const NEW_HELP_CENTER = 'https://support.tabuleo.fr/centre-aide';

test.describe('general settings, Tabuléo tab', () => {
  test('the Administrateur changes a link through the confirmation, and the change stays', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const settings = await SettingsPage.open(shell);
    const helpCenter = settings.link('helpCenter');
    await expect(helpCenter).toHaveAttribute('readonly');
    const seeded = await helpCenter.inputValue();
    expect(seeded).toMatch(/^https:\/\//);

    await expectNoSeriousViolations(page, 'general settings, view mode');

    await settings.edit.click();
    await expect(helpCenter).not.toHaveAttribute('readonly');
    await helpCenter.fill(NEW_HELP_CENTER);
    await settings.save.click();

    await expect(settings.confirmDialog).toBeVisible();
    await expect(settings.confirmDialog.getByRole('listitem')).toHaveText(`helpCenter : ${seeded} → ${NEW_HELP_CENTER}`);
    await expect(settings.confirm).toBeFocused();
    await expectNoSeriousViolations(page, 'general settings, confirmation dialog');

    await settings.confirm.click();
    await expect(settings.toast(SETTINGS_MESSAGES.updated)).toBeVisible();
    await expect(settings.confirmDialog).toBeHidden();
    await expect(helpCenter).toHaveAttribute('readonly');
    await expect(helpCenter).toHaveValue(NEW_HELP_CENTER);
    await expect(settings.edit).toBeFocused();

    await page.reload();
    await expect(shell.userMenuButton).toBeVisible();
    const reloaded = await SettingsPage.open(shell);
    await expect(reloaded.link('helpCenter')).toHaveValue(NEW_HELP_CENTER);

    // Back to the seeded value, through the product's own API.
    const restored = await page.request.put('/api/settings/tabuleo', { data: { helpCenter: seeded } });
    expect(restored.ok()).toBe(true);
  });

  test('a link that is not http(s) or mailto is refused with its reason, and nothing is sent', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const settings = await SettingsPage.open(shell);
    const helpCenter = settings.link('helpCenter');
    const seeded = await helpCenter.inputValue();
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/settings/tabuleo')) updates.push(request.url());
    });

    await settings.edit.click();
    await helpCenter.fill('javascript:alert(1)');
    await settings.save.click();

    await expect(helpCenter).toHaveAccessibleDescription(SETTINGS_MESSAGES.invalidUrl);
    await expect(helpCenter).toHaveAttribute('aria-invalid', 'true');
    await expect(helpCenter).toBeFocused();
    await expect(settings.confirmDialog).toBeHidden();

    await settings.cancel.click();
    await expect(helpCenter).toHaveValue(seeded);
    await expect(helpCenter).toHaveAttribute('readonly');
    expect(updates).toEqual([]);
  });
});
