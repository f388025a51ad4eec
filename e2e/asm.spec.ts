import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { ExportMenu, readDownload } from './pages/export-menu';
import { JEAN_MOULIN, openJeanMoulinAsAdministrator, pupils } from './pages/school-users-api';
import { SchoolSettingsPage } from './pages/school-settings-page';
import { fakeSftp, receivedFile } from './pages/sftp';

test.describe("a school's Apple School Manager server", () => {
  test('the Administrateur saves the SFTP server, sees it online, and sends the school’s ASM archive there', async ({ page }) => {
    const sftp = fakeSftp();
    const arranged = pupils('Asmpush', 2);
    const users = await openJeanMoulinAsAdministrator(page, arranged, 'Lelivrescolaire.fr');
    await users.floatingFilter('Login').fill('asmpush.');
    await expect(users.rows).toHaveCount(2);
    await users.select(...arranged.map((pupil) => pupil.login));
    const exportMenu = new ExportMenu(users);
    await exportMenu.open();
    const archive = await exportMenu.download(exportMenu.menu.getByRole('menuitem', { name: /^ASM \(Apple School Manager\)/ }));

    const before = (await (await page.request.get(`/api/schools/${JEAN_MOULIN}/params`)).json()) as {
      deployment: { asmInformations: Record<string, unknown> };
    };
    const settings = await SchoolSettingsPage.open(page, JEAN_MOULIN, 'asm', 'ASM / Claris');
    try {
      const form = settings.form('ASM / Claris');
      await expect(form.getByRole('textbox', { name: 'Location id' })).toHaveValue('LYON-MOULIN');
      await settings.button(form, 'Modifier').click();
      await form.getByRole('textbox', { name: 'URL du serveur' }).fill('127.0.0.1');
      await form.getByRole('textbox', { name: 'Utilisateur' }).fill(sftp.user);
      await form.getByRole('textbox', { name: 'Mot de passe' }).fill(sftp.password);
      await form.getByRole('textbox', { name: 'Port' }).fill(String(sftp.port));
      await form.getByRole('switch', { name: /SFTP/ }).check();
      await settings.button(form, 'Sauvegarder').click();
      // The password is never listed among the changes.
      await expect(settings.confirmDialog).not.toContainText(sftp.password);
      await settings.confirm.click();
      await expect(settings.toast('Les informations ont bien été enregistrées.')).toBeVisible();

      // Tested at once: online, with the key pinned at this first connection.
      await expect(page.getByRole('status').filter({ hasText: 'En ligne' })).toBeVisible();
      await expect(page.getByText(`Clé du serveur : ${sftp.hostKey}`)).toBeVisible();
      await expect(page.getByText('Aucun fichier envoyé.')).toBeVisible();
      await expectNoSeriousViolations(page, 'school settings, ASM');

      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: archive.name, mimeType: 'application/zip', buffer: archive.bytes });
      await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
      await expect(settings.toast(`Le fichier ${archive.name} a bien été envoyé.`)).toBeVisible();
      expect(receivedFile(sftp, archive.name).equals(archive.bytes)).toBe(true);

      // The history lists it, and gives it back as it was sent.
      const sent = page.getByRole('table').getByRole('button', { name: archive.name });
      const downloading = page.waitForEvent('download');
      await sent.click();
      const downloaded = await readDownload(await downloading);
      expect(downloaded.name).toBe(archive.name);
      expect(downloaded.bytes.equals(archive.bytes)).toBe(true);

      // 'Générer et envoyer': the whole school's archive, built and sent by the server.
      await page.getByRole('button', { name: 'Générer et envoyer', exact: true }).click();
      const generated = settings.toast(/^Le fichier asm_0693284V_\d{8}-\d{6}\.zip a bien été envoyé\.$/);
      await expect(generated).toBeVisible({ timeout: 60_000 });
      const name = /asm_0693284V_\d{8}-\d{6}\.zip/.exec((await generated.textContent()) ?? '')![0];
      expect(receivedFile(sftp, name).subarray(0, 2).toString('latin1')).toBe('PK');
      await expect(page.getByRole('table').getByRole('button', { name })).toBeVisible();
    } finally {
      const { locationId, sftpUrl, sftpUser, sftpPort, isSftp } = before.deployment.asmInformations;
      const restored = await page.request.patch(`/api/schools/${JEAN_MOULIN}/params`, {
        data: { deployment: { asmInformations: { locationId, sftpUrl, sftpUser, sftpPort, isSftp, sftpPassword: null } } },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });
});
