import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { CatalogueTab, PNG_PIXEL, RegexTab, SETTINGS_MESSAGES, SettingsPage, TokensTab } from './pages/settings-page';
import { ShellPage } from './pages/shell-page';

const NEW_HELP_CENTER = 'https://support.tabuleo.fr/centre-aide';

test.describe('general settings, Tabuléo tab', () => {
  test('the Administrateur changes a link through the confirmation, and the change stays', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const settings = await SettingsPage.open(shell);
    const helpCenter = settings.link('Centre d’aide');
    await expect(helpCenter).toHaveAttribute('readonly');
    const seeded = await helpCenter.inputValue();
    expect(seeded).toMatch(/^https:\/\//);

    await expectNoSeriousViolations(page, 'general settings, view mode');

    await settings.edit.click();
    await expect(helpCenter).not.toHaveAttribute('readonly');
    await helpCenter.fill(NEW_HELP_CENTER);
    await settings.save.click();

    await expect(settings.confirmDialog).toBeVisible();
    await expect(settings.confirmDialog.getByRole('listitem')).toHaveText(`Centre d’aide : ${seeded} → ${NEW_HELP_CENTER}`);
    await expect(settings.confirm).toBeFocused();
    await expectNoSeriousViolations(page, 'general settings, confirmation dialog');

    await settings.confirm.click();
    await expect(settings.toast(SETTINGS_MESSAGES.updated)).toBeVisible();
    await expect(settings.confirmDialog).toBeHidden();
    // Not over the tabs nor the form's button (bottom right, it lay over « Modifier » at 1280 × 720).
    await shell.expectToastCoversNothing(settings.toast(SETTINGS_MESSAGES.updated), [page.getByRole('tab'), settings.edit]);
    await expect(helpCenter).toHaveAttribute('readonly');
    await expect(helpCenter).toHaveValue(NEW_HELP_CENTER);
    await expect(settings.edit).toBeFocused();

    await page.reload();
    await expect(shell.userMenuButton).toBeVisible();
    const reloaded = await SettingsPage.open(shell);
    await expect(reloaded.link('Centre d’aide')).toHaveValue(NEW_HELP_CENTER);

    // Back to the seeded value, through the product's own API.
    const restored = await page.request.put('/api/settings/tabuleo', { data: { helpCenter: seeded } });
    expect(restored.ok()).toBe(true);
  });

  test('a link that is not http(s) or mailto is refused with its reason, and nothing is sent', async ({ page }) => {
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const settings = await SettingsPage.open(shell);
    const helpCenter = settings.link('Centre d’aide');
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

test.describe('general settings, Regex tab', () => {
  test('the Administrateur tries a rule on sample names before saving it, and a login rule letting spaces in is refused', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const seeded = await page.request.get('/api/settings/regex');
    expect(seeded.ok()).toBe(true);
    const settings = await SettingsPage.open(shell);
    const regex = await RegexTab.open(settings);
    await expect(regex.conversion('Nom')).toHaveValue('MAJ (majuscules)');
    await expect(regex.structure('Login')).toHaveAttribute('placeholder', '[a-z0-9.-]');

    // The tester follows what is typed, by the saved rules.
    await regex.sample("Nom d'essai").fill('le Gall$');
    await expect(regex.result('Nom')).toContainText('LE GALL');
    await expect(regex.result('Nom')).toContainText('« $ »');
    await expect(regex.result('Login proposé')).toContainText('jean-eloi.le-gall.clg-moulin');
    await expectNoSeriousViolations(page, 'regex settings with the tester');

    // Then the rules being edited, before anything is saved.
    await regex.edit.click();
    await regex.chooseConversion('Nom', 'FIRSTMAJ (initiales en majuscule)');
    await expect(regex.result('Nom')).toContainText('Le Gall');
    const loginStructure = await regex.structure('Login').inputValue();
    await regex.structure('Login').fill('[a-z .]');
    await regex.save.click();
    await expect(regex.structure('Login')).toHaveAccessibleDescription(SETTINGS_MESSAGES.unsafeLoginStructure);
    await expect(regex.structure('Login')).toBeFocused();
    await expect(settings.confirmDialog).toBeHidden();
    await expectNoSeriousViolations(page, 'regex settings in edit mode with an error');

    await regex.structure('Login').fill(loginStructure);
    await regex.save.click();
    await expect(settings.confirmDialog.getByRole('listitem')).toHaveText(
      'Nom · Conversion : MAJ (majuscules) → FIRSTMAJ (initiales en majuscule)',
    );
    await settings.confirm.click();
    await expect(settings.toast(SETTINGS_MESSAGES.updated)).toBeVisible();
    await expect(regex.structure('Nom')).toHaveAttribute('readonly');

    await page.reload();
    await expect(shell.userMenuButton).toBeVisible();
    const reloaded = await RegexTab.open(await SettingsPage.open(shell));
    await expect(reloaded.conversion('Nom')).toHaveValue('FIRSTMAJ (initiales en majuscule)');

    // Back to the seeded rules, through the product's own API.
    const restored = await page.request.put('/api/settings/regex', { data: await seeded.json() });
    expect(restored.ok()).toBe(true);
  });
});

test.describe('general settings, catalogues', () => {
  test('the Administrateur adds a platform with an uploaded image, then an application on it that comes last', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Unique per run: the id and names stay in the catalogue.
    const id = `E2E${Date.now().toString(36).toUpperCase().slice(-6)}`;
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const settings = await SettingsPage.open(shell);
    const platforms = await CatalogueTab.open(settings, 'platforms');

    await platforms.add.click();
    const form = platforms.newForm;
    await expect(platforms.textbox(form, 'ID')).toBeFocused();
    await platforms.textbox(form, 'ID').fill(id);
    await platforms.textbox(form, 'Nom').fill(`Plateforme ${id}`);
    await form.locator('input[type="file"]').setInputFiles(PNG_PIXEL);
    await expect(settings.toast(SETTINGS_MESSAGES.imageUploaded)).toBeVisible();
    const picture = platforms.textbox(form, "Adresse de l'image");
    await expect(picture).toHaveValue(/^\/files\/platforms\/.+\.png$/);
    // The image is served where its address says: the preview shows it.
    const served = await page.request.get(await picture.inputValue());
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    await form.getByRole('switch', { name: 'Code plateforme demandé', exact: true }).check();
    await expectNoSeriousViolations(page, 'a new platform being added');

    await form.getByRole('button', { name: 'Sauvegarder', exact: true }).click();
    await expect(settings.confirmDialog).toBeVisible();
    await settings.confirm.click();
    await expect(settings.toast(`La plateforme ${id} a bien été configurée.`)).toBeVisible();
    await expect(platforms.newForm).toBeHidden();
    await expect(platforms.entry(`Plateforme ${id}`)).toBeVisible();

    // An application on it: it comes after the others.
    const applications = await CatalogueTab.open(settings, 'applications');
    await applications.add.click();
    const appForm = applications.newForm;
    const order = Number(await applications.textbox(appForm, 'Ordre').inputValue());
    expect(order).toBeGreaterThan(1);
    await applications.textbox(appForm, 'Nom').fill(`Appli ${id}`);
    await appForm.getByRole('combobox', { name: 'Plateforme', exact: true }).click();
    await page.getByRole('option', { name: `Plateforme ${id} (${id})`, exact: true }).click();
    await applications.textbox(appForm, 'URL scheme (urlScheme)').fill('appli://ouvrir');
    await appForm.getByRole('button', { name: 'Sauvegarder', exact: true }).click();
    await settings.confirm.click();
    await expect(settings.toast(`L'application Appli ${id} a bien été configurée.`)).toBeVisible();
    await expect(applications.entry(`Appli ${id}`)).toContainText(`Ordre ${order} · Plateforme ${id}`);
  });
});

test.describe('general settings, Tokens tab', () => {
  test('the Administrateur schedules a token purge, sees its next run and what it would clear, then deletes it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const settings = await SettingsPage.open(shell);
    const tokens = await TokensTab.open(settings);
    const name = `Purge hebdomadaire ${Date.now()}`;

    await tokens.add.click();
    const form = tokens.formDialog;
    await expect(form).toBeVisible();
    // The start date is now, seconds zeroed (spec 2 §9).
    await expect(form.getByLabel('Date de début')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await form.getByLabel('Libellé').fill(name);
    await form.getByLabel('Date de début').fill('2030-01-14T08:30');
    await form.getByRole('combobox', { name: 'Fréquence', exact: true }).click();
    await page.getByRole('option', { name: 'Hebdomadaire', exact: true }).click();
    const allSchools = form.getByRole('checkbox', { name: 'Tous les établissements' });
    await allSchools.check();
    await expect(form.getByText(/^La prochaine exécution effacera \d+ tokens de \d+ utilisateurs\.$/)).toBeVisible();
    await expectNoSeriousViolations(page, 'token purge form');
    await form.getByRole('button', { name: 'Enregistrer', exact: true }).click();

    await expect(settings.toast('Le token a bien été enregistré.')).toBeVisible();
    await expect(form).toBeHidden();
    const row = tokens.row(name);
    await expect(row.getByRole('cell', { name: '14/01/2030 08:30', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Hebdomadaire', exact: true })).toBeVisible();
    await expect(row.getByRole('switch', { name: `Tâche « ${name} » activée` })).toBeChecked();

    // Disabled, it has no next run: 'ø'.
    await row.getByRole('switch', { name: `Tâche « ${name} » activée` }).click({ force: true });
    await expect(row.getByRole('cell', { name: 'ø', exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Supprimer la tâche « ${name} »` }).click();
    await tokens.deleteDialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect(settings.toast('Tâche supprimée avec succès')).toBeVisible();
    await expect(tokens.row(name)).toHaveCount(0);
  });

  test('an immediate purge runs on the server: its last execution and what it cleared appear in the list', async ({ page }) => {
    test.setTimeout(120_000);
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    const tokens = await TokensTab.open(await SettingsPage.open(shell));
    const name = `Purge immédiate ${Date.now()}`;

    await tokens.add.click();
    const form = tokens.formDialog;
    await form.getByLabel('Libellé').fill(name);
    await form.getByRole('combobox', { name: 'Fréquence', exact: true }).click();
    await page.getByRole('option', { name: 'Immédiate', exact: true }).click();
    await form.getByRole('checkbox', { name: 'Tous les établissements' }).check();
    await form.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(form).toBeHidden();

    // The server's scheduler (every 2 s in these journeys) runs it; the list, fetched again, shows it.
    const row = tokens.row(name);
    await expect(async () => {
      await page.reload();
      const reloaded = await TokensTab.open(await SettingsPage.open(shell));
      await expect(
        reloaded.row(name).getByRole('cell', { name: /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} — \d+ tokens? effacés?$/ }),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    // Done once: no next run.
    await expect(row.getByRole('cell', { name: 'ø', exact: true })).toBeVisible();

    const tasks = (await (await page.request.get('/api/tokens')).json()) as { eventId: number; eventName: string }[];
    const created = tasks.find((task) => task.eventName === name);
    expect(created).toBeDefined();
    expect((await page.request.delete(`/api/tokens/${created!.eventId}`)).ok()).toBe(true);
  });
});
