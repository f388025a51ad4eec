import { expect, request as requestFor, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { JEAN_MOULIN, openJeanMoulinAsAdministrator, pupils } from './pages/school-users-api';
import { ShellPage } from './pages/shell-page';

// The notifications view, as an Administrateur uses it: the audience of one school computed, a
// notification written with its preview, confirmed and sent (the embedded push service), its
// progress followed to the end, then found at the top of the history with its report; 'Voir plus'
// shows older ones. Axe checks each step and the confirmation dialog. Then two pupils whose tablets
// registered their push token are notified from the users view's bulk menu.

test.describe('notifications', () => {
  test('computes an audience, sends with progress, and finds the notification in the history', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const title = `Sortie au musée ${stamp}`;
    const shell = await ShellPage.signIn(page, DEMO.administrator);

    // Twenty older notifications, recorded through the product's own API, so that the history
    // has more than its first page.
    for (let index = 1; index <= 20; index++) {
      const answer = await page.request.post('/api/devices/notifications/save', {
        data: { arrayUai: [JEAN_MOULIN], title: `Archive ${stamp} ${index}`, bodyInput: 'Rappel.' },
      });
      expect(answer.status()).toBe(200);
    }

    await shell.openView('Notifications');
    const main = page.getByRole('main');
    await main.getByRole('switch', { name: 'Tous les établissements' }).click();
    await main.getByRole('combobox', { name: 'Établissements' }).fill('Jean Moulin');
    await page.getByRole('option', { name: /Collège Jean Moulin/ }).click();
    await main.getByRole('checkbox', { name: 'Élève' }).check();
    await expectNoSeriousViolations(page, 'notification filters');
    await main.getByRole('button', { name: "Calculer l'audience" }).click();
    const counts = main.getByRole('status').filter({ hasText: /\d+ utilisateurs?, \d+ appareils?/ });
    await expect(counts).toBeVisible();
    const devices = Number(/(\d+) appareils?/.exec((await counts.textContent()) ?? '')?.[1]);
    expect(devices).toBeGreaterThan(0);

    await main.getByRole('button', { name: 'Suivant' }).click();
    const next = main.getByRole('button', { name: 'Suivant' });
    await expect(next).toBeDisabled();
    await main.getByRole('textbox', { name: 'Titre' }).fill(title);
    await main.getByRole('textbox', { name: 'Description' }).fill('Rendez-vous à 8 h devant le collège.');
    const preview = main.getByRole('figure', { name: 'Aperçu de la notification' });
    await expect(preview).toContainText(title);
    await expect(preview).toContainText('il y a 2 min');
    await expectNoSeriousViolations(page, 'notification text');
    await next.click();

    await expect(main.getByText(title)).toBeVisible();
    await expectNoSeriousViolations(page, 'notification summary');
    await main.getByRole('button', { name: 'Envoyer', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Envoyer la notification ?' });
    await expectNoSeriousViolations(page, 'send confirmation');
    await confirm.getByRole('button', { name: "Confirmer l'envoi" }).click();

    const progress = main.getByRole('progressbar', { name: 'Envoi des notifications' });
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(progress).toHaveAttribute('aria-valuetext', `${devices} / ${devices}`);
    await expect(page.getByText(`Notifications envoyées avec succès à ${devices}`)).toBeVisible();

    // Two seconds later the view shows the history, this notification first.
    await expect(main.getByRole('tab', { name: 'Historique' })).toHaveAttribute('aria-selected', 'true');
    const items = main.getByRole('button', { name: new RegExp(`(Sortie au musée|Archive) ${stamp}`) });
    await expect(items.first()).toContainText(title);
    await expect(items.first()).toContainText('Envoyée');
    await items.first().click();
    const report = main.getByRole('region', { name: new RegExp(title) });
    await expect(report.getByText('Collège Jean Moulin')).toBeVisible();
    await expect(report.locator('dt', { hasText: 'Succès' }).locator('+ dd')).toHaveText(String(devices));
    await expect(report.locator('dt', { hasText: 'Échecs' }).locator('+ dd')).toHaveText('0');
    await expectNoSeriousViolations(page, 'notification history');

    // The first page holds 20: this one and 19 of the older ones; 'Voir plus' shows the twentieth.
    await expect(items).toHaveCount(20);
    await main.getByRole('button', { name: 'Voir plus' }).click();
    await expect(items).toHaveCount(21);
  });

  test('notifies the pupils selected in the users view on their tablets', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    // Letters only: the school's name rule keeps no digit in a last name.
    const family = `Tablette${String(stamp).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
    const arranged = pupils(family, 2);
    const users = await openJeanMoulinAsAdministrator(page, arranged);
    // Each pupil's tablet app signs in and registers its device with a push token.
    for (const pupil of arranged) {
      const tablet = await requestFor.newContext({ baseURL });
      expect((await tablet.post('/api/auth/login', { data: { login: pupil.login, password: 'pako4821' } })).status()).toBe(200);
      const registered = await tablet.post('/api/devices', {
        data: {
          installationId: `tablet-${pupil.login}`,
          model: 'iPad (9e génération)',
          operatingSystem: 'iPadOS 17.6',
          token: `token-${pupil.login}`,
          provider: 'fcm',
        },
      });
      expect(registered.status()).toBe(200);
      await tablet.dispose();
    }

    await users.floatingFilter('Nom').fill(family);
    await expect(users.rows).toHaveCount(2);
    await users.select(...arranged.map((pupil) => pupil.login));
    await users.button('Modification groupée').click();
    await page
      .getByRole('menu', { name: 'Modification groupée' })
      .getByRole('menuitem', { name: 'Notification', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Envoyer une notification' });
    const send = dialog.getByRole('button', { name: 'Envoyer', exact: true });
    await expect(send).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Titre' }).fill(`Tablettes ${stamp}`);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Rapportez vos tablettes chargées lundi.');
    await send.click();
    await expect(page.getByText('Notifications envoyées avec succès à 2')).toBeVisible();
    await expect(dialog).toBeHidden();

    await new ShellPage(page).openView('Notifications');
    await page.getByRole('main').getByRole('tab', { name: 'Historique' }).click();
    const item = page.getByRole('main').getByRole('button', { name: new RegExp(`Tablettes ${stamp}`) });
    await expect(item).toContainText('Envoyée');
    await item.click();
    const details = page.getByRole('main').getByRole('region', { name: new RegExp(`Tablettes ${stamp}`) });
    await expect(details.locator('dt', { hasText: 'Utilisateurs choisis' }).locator('+ dd')).toHaveText('2');
    await expect(details.locator('dt', { hasText: 'Succès' }).locator('+ dd')).toHaveText('2');
  });
});
