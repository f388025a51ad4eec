import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { openJeanMoulinAsAdministrator, pupils } from './pages/school-users-api';
import { ShellPage } from './pages/shell-page';

// Documents given to pupils: a school administrator assigns a document to two pupils from the
// bulk menu; one of them finds it on their page and opens it; their classmate does not see it.
// (The empty section's text is the web tests'; a journey before this one may have given the
// school a document every pupil sees.)

/** A small PDF: its signature is all the server's type check needs. */
const pdf = (title: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${title}) >> endobj\ntrailer << >>\n%%EOF\n`, 'latin1');

/**
 * Uploads a PDF and registers it for no school (only its uploader sees it) through the product's
 * own calls, as the document manager does: the ticket, the file posted with the ticket's fields,
 * the registration. Answers its size.
 */
async function uploadDocument(page: Page, name: string): Promise<number> {
  const bytes = pdf(name);
  const asked = await page.request.post('/api/files/upload', {
    data: { name, type: 'application/pdf', size: bytes.length },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const ticket = (await asked.json()) as { url: string; fields: Record<string, string> };
  const posted = await page.request.post(ticket.url, {
    multipart: { ...ticket.fields, file: { name, mimeType: 'application/pdf', buffer: bytes } },
  });
  expect(posted.status(), await posted.text()).toBe(204);
  const registered = await page.request.put('/api/files/', {
    data: { arrayDocs: [{ key: ticket.fields.key, name, schools: [] }] },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  return bytes.length;
}

test.describe('documents', () => {
  test('a school administrator assigns a document to pupils, who find it on their page', async ({ page, browser }) => {
    const name = `Sortie au musée ${Date.now()}.pdf`;
    const arranged = pupils('Lotdocument', 3);
    const users = await openJeanMoulinAsAdministrator(page, arranged);
    const size = await uploadDocument(page, name);

    await users.floatingFilter('Nom').fill('Lotdocument');
    await expect(users.rows).toHaveCount(3);
    await users.select(arranged[0]!.login, arranged[1]!.login);
    await users.button('Modification groupée').click();
    await page.getByRole('menuitem', { name: 'Documents' }).click();
    const modal = page.getByRole('dialog', { name: 'Modifier les documents' });
    await expect(modal.getByRole('button', { name: 'Valider' })).toBeDisabled();
    await modal.getByRole('checkbox', { name: new RegExp(name) }).check();
    await expectNoSeriousViolations(page, 'bulk documents modal');
    await modal.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('Documents affectés à 2 utilisateurs.')).toBeVisible();
    await expect(modal).toBeHidden();

    // The school administrator sees it on the pupil's page too.
    const userPage = await users.openUser(arranged[0]!.login);
    await userPage.getByRole('tab', { name: 'Documents' }).click();
    await expect(userPage.getByRole('cell', { name, exact: true })).toBeVisible();

    const pupilContext = await browser.newContext();
    try {
      const pupilPage = await pupilContext.newPage();
      // A pupil's own page shows every section at once.
      await ShellPage.signIn(pupilPage, { login: arranged[0]!.login, password: 'pako4821' });
      const row = pupilPage.getByRole('row', { name: new RegExp(name) });
      await expect(row).toBeVisible();
      // Sizes in units of 1000, a no-break space before the unit.
      await expect(row.getByRole('cell', { name: `${size}\u00a0o` })).toBeVisible();
      await expectNoSeriousViolations(pupilPage, 'own page with a document');
      // The new tab loads the document's short-lived address (seen from the context: the tab may
      // have loaded it before a listener on the tab itself would be set).
      const shown = pupilContext.waitForEvent('response', {
        predicate: (response) => response.url().includes('/files/documents/') && response.request().resourceType() === 'document',
      });
      await row.getByRole('button', { name: `Ouvrir ${name}` }).click();
      expect((await shown).headers()['content-type']).toBe('application/pdf');

      // Their classmate does not have it (other journeys may have given the school documents).
      await ShellPage.signIn(pupilPage, { login: arranged[2]!.login, password: 'pako4821' });
      await expect(pupilPage.getByRole('heading', { name: 'Documents' })).toBeVisible();
      await expect(pupilPage.getByText(name)).toHaveCount(0);
    } finally {
      await pupilContext.close();
    }
  });
});
