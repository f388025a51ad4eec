import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { SCHOOL_SETTINGS_MESSAGES, SchoolSettingsPage } from './pages/school-settings-page';
import { PNG_PIXEL } from './pages/settings-page';
import { ShellPage } from './pages/shell-page';

const JEAN_MOULIN = '0693284V';

test.describe("a school's settings", () => {
  test('the Administrateur changes the general card through the confirmation, trying the login pattern first', async ({
    page,
  }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const before = await page.request.get(`/api/schools/${JEAN_MOULIN}/params`);
    const seeded = (await before.json()) as { informations: { adminDuration: number }; regexEstab: unknown[] };
    const settings = await SchoolSettingsPage.open(page, JEAN_MOULIN, 'general', 'Général');
    await expect(page).toHaveTitle(/Paramètres de l'établissement — Collège Jean Moulin/);
    const form = settings.form('Général');
    const duration = form.getByRole('textbox', { name: /Durée du mode Admin/ });
    await expect(duration).toHaveValue(String(seeded.informations.adminDuration));
    await expectNoSeriousViolations(page, 'school settings, general');

    try {
      await settings.button(form, 'Modifier').click();
      await duration.fill('5400');
      await form.getByRole('textbox', { name: 'Caractères autorisés dans les identifiants' }).fill('[a-z.]');
      // The tester runs the pattern being typed: no dash in the proposed login.
      await expect(page.getByRole('row', { name: /Login proposé/ })).toContainText('jeaneloi.dormessonnunez');
      await settings.button(form, 'Sauvegarder').click();
      await expect(settings.confirmDialog.getByRole('listitem').filter({ hasText: 'Durée du mode Admin' })).toContainText(
        `${seeded.informations.adminDuration} → 5400`,
      );
      await expectNoSeriousViolations(page, 'school settings, confirmation');
      await settings.confirm.click();
      await expect(settings.toast(SCHOOL_SETTINGS_MESSAGES.updated)).toBeVisible();
      await expect(duration).toHaveAttribute('readonly');

      await page.reload();
      await expect(settings.form('Général').getByRole('textbox', { name: /Durée du mode Admin/ })).toHaveValue('5400');
    } finally {
      const restored = await page.request.patch(`/api/schools/${JEAN_MOULIN}/params`, {
        data: { informations: { adminDuration: seeded.informations.adminDuration }, regexEstab: seeded.regexEstab },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });

  test("a platform's code switches are linked", async ({ page }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const settings = await SchoolSettingsPage.open(page, JEAN_MOULIN, 'platforms', 'Plateformes');
    await page.getByRole('button', { name: /HMH/ }).click();
    const form = settings.form('Paramètres de HMH');
    await expectNoSeriousViolations(page, 'school settings, platforms');
    await settings.button(form, 'Modifier').click();
    const individual = form.getByRole('switch', { name: 'Code individuel', exact: true });
    const required = form.getByRole('switch', { name: 'Code individuel obligatoire', exact: true });
    await expect(individual).not.toBeChecked();
    await required.check();
    await expect(individual).toBeChecked();
    await individual.uncheck();
    await expect(required).not.toBeChecked();
    await settings.button(form, 'Annuler').click();
    await expect(individual).toBeDisabled();
  });

  test('the Wi-Fi password is masked until asked for, copied in one click, and saved encrypted', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await ShellPage.signIn(page, DEMO.administrator);
    const seeded = await page.request.post(`/api/schools/${JEAN_MOULIN}/params/secret`, { data: { name: 'depPassword' } });
    expect(seeded.status(), await seeded.text()).toBe(200);
    const seededPassword = ((await seeded.json()) as { value: string | null }).value ?? '';
    const settings = await SchoolSettingsPage.open(page, JEAN_MOULIN, 'deploy', 'Déploiement');
    const form = settings.form('Déploiement');
    await expectNoSeriousViolations(page, 'school settings, deployment');
    try {
      await settings.button(form, 'Modifier').click();
      await form.getByLabel('Mot de passe du Wi-Fi', { exact: true }).fill('Wifi-Rentree-2026');
      await settings.button(form, 'Sauvegarder').click();
      await expect(settings.confirmDialog).not.toContainText('Wifi-Rentree-2026');
      await settings.confirm.click();
      await expect(settings.toast(SCHOOL_SETTINGS_MESSAGES.deploymentUpdated)).toBeVisible();
      const password = form.getByRole('textbox', { name: 'Mot de passe du Wi-Fi', exact: true });
      await expect(password).toHaveValue('••••••••');

      await page.reload();
      await settings.button(settings.form('Déploiement'), 'Copier « Mot de passe du Wi-Fi »').click();
      await expect(settings.toast(SCHOOL_SETTINGS_MESSAGES.passwordCopied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Wifi-Rentree-2026');
      await expect(password).toHaveValue('Wifi-Rentree-2026');
      // Nothing the browser reads of the school says it.
      const school = await page.request.get(`/api/schools/${JEAN_MOULIN}`);
      expect(await school.text()).not.toContain('Wifi-Rentree-2026');
    } finally {
      const restored = await page.request.patch(`/api/schools/${JEAN_MOULIN}/params`, {
        data: { deployment: { depPassword: seededPassword } },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });
});

test.describe("a school's contact card", () => {
  test('the Administrateur adds a person to contact, replaces the logo, and sees the school on the map', async ({ page }) => {
    await ShellPage.signIn(page, DEMO.administrator);
    const before = await page.request.get(`/api/schools/${JEAN_MOULIN}/contact`);
    expect(before.status(), await before.text()).toBe(200);
    const seeded = (await before.json()) as { contacts: Record<string, unknown>[] };
    const settings = await SchoolSettingsPage.open(page, JEAN_MOULIN, 'contact', 'Contact');
    await expect(page.getByText('Collège Jean Moulin', { exact: true }).first()).toBeVisible();
    // The demo school is in the directory: its place is on the map; no tiles are configured, so no third party is called.
    await expect(page.getByRole('region', { name: 'Plan : Collège Jean Moulin' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ouvrir ce lieu sur OpenStreetMap' })).toHaveAttribute(
      'href',
      /openstreetmap\.org/,
    );
    await expect(page.locator('img.leaflet-tile')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'school settings, contact');

    try {
      await page.getByRole('button', { name: 'Ajouter une personne', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Nouvelle personne à contacter' });
      await dialog.getByRole('textbox', { name: /Prénom/ }).fill('Inès');
      await dialog.getByRole('textbox', { name: /^Nom/ }).fill('Garnier');
      await dialog.getByRole('textbox', { name: 'Poste' }).fill('Référente numérique');
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill('ines.garnier@ac-lyon.fr');
      await expectNoSeriousViolations(page, 'school settings, person dialog');
      await dialog.getByRole('button', { name: 'Sauvegarder' }).click();
      await expect(settings.toast('Les personnes à contacter ont bien été enregistrées.')).toBeVisible();
      await expect(page.getByRole('row', { name: /Inès.*Garnier.*Référente numérique/ })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('row', { name: /Inès.*Garnier/ })).toBeVisible();

      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Remplacer le logo', exact: true }).click();
      await (await chooser).setFiles(PNG_PIXEL);
      await expect(settings.toast('Le logo établissement a bien été envoyé.')).toBeVisible();
      const logo = page.getByRole('img', { name: 'Logo de Collège Jean Moulin' });
      await expect(logo).toBeVisible();
      expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    } finally {
      const restored = await page.request.put(`/api/schools/${JEAN_MOULIN}/contact`, {
        data: { contacts: seeded.contacts.map(({ id: _id, ...person }) => person) },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });
});
