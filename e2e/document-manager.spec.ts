import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './pages/accessibility';
import { DEMO } from './pages/demo-accounts';
import { BOOK_TEXT_COLOR, epubOf } from './pages/epub';
import { ShellPage } from './pages/shell-page';

// The document manager, as an Administrateur uses it: two PDFs sent with their progress, sorted
// by size, given to a school, downloaded as one zip, one previewed, one deleted; an EPUB read in
// the reader; a pupil of that school then finds the other PDF on their page and previews it. Axe
// checks the view and each of its dialogs.

/** A PDF of about `bytes` bytes: its signature first, as the server checks it. */
const pdf = (title: string, bytes: number) =>
  Buffer.concat([Buffer.from(`%PDF-1.4\n% ${title}\n`, 'latin1'), Buffer.alloc(bytes, 0x20), Buffer.from('\n%%EOF\n')]);

test.describe('document manager', () => {
  test('sends, sorts, assigns, zips, reads and deletes documents; a pupil sees theirs', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const small = `Menu cantine ${stamp}.pdf`;
    const large = `Projet pédagogique ${stamp}.pdf`;
    const shell = await ShellPage.signIn(page, DEMO.administrator);
    await shell.openView('Gestionnaire de documents');
    const main = page.getByRole('main');
    await expectNoSeriousViolations(page, 'document manager');

    await main.getByRole('button', { name: 'Envoyer des fichiers' }).click();
    const upload = page.getByRole('dialog', { name: 'Envoyer des fichiers' });
    await expectNoSeriousViolations(page, 'upload dialog');
    await upload.locator('input[type="file"]').setInputFiles([
      { name: small, mimeType: 'application/pdf', buffer: pdf('menu', 2_000) },
      { name: large, mimeType: 'application/pdf', buffer: pdf('projet', 400_000) },
    ]);
    await expect(page.getByText('2 fichiers envoyés.')).toBeVisible();
    await expect(upload.getByText('Envoyé', { exact: true })).toHaveCount(2);
    await upload.getByRole('button', { name: 'Fermer', exact: true }).last().click();
    await expect(upload).toBeHidden();

    // Only this journey's documents: the demo database has others.
    await main.getByRole('textbox', { name: 'Rechercher un document' }).fill(String(stamp));
    const table = main.getByRole('table', { name: 'Documents' });
    const rows = table.getByRole('row').filter({ hasText: String(stamp) });
    await expect(rows).toHaveCount(2);
    const size = table.getByRole('button', { name: 'Taille' });
    await size.click();
    await expect(table.getByRole('columnheader', { name: 'Taille' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText(small);
    await size.click();
    await expect(table.getByRole('columnheader', { name: 'Taille' })).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText(large);
    await size.click();
    await expect(table.getByRole('columnheader', { name: 'Taille' })).not.toHaveAttribute('aria-sort', /.+/);

    // A click on a row ticks it.
    await rows.filter({ hasText: small }).getByRole('cell', { name: small, exact: true }).click();
    await rows.filter({ hasText: large }).getByRole('cell', { name: large, exact: true }).click();
    const selection = main.getByRole('group', { name: 'Documents sélectionnés' });
    await expect(selection.getByText('2 sélectionnés')).toBeVisible();

    const [archive] = await Promise.all([
      page.waitForEvent('download'),
      selection.getByRole('button', { name: 'Télécharger en zip' }).click(),
    ]);
    expect(archive.suggestedFilename()).toBe('Documents.zip');
    const zip = readFileSync(await archive.path());
    // Stored, not deflated: both names and both files' bytes are in it.
    expect(zip.includes(Buffer.from(small))).toBe(true);
    expect(zip.includes(Buffer.from(large))).toBe(true);
    expect(zip.length).toBeGreaterThan(402_000);

    await selection.getByRole('button', { name: 'Affecter des établissements' }).click();
    const assign = page.getByRole('dialog', { name: 'Affecter des établissements' });
    await assign.getByRole('combobox', { name: 'Établissements' }).fill('Jean Moulin');
    await page.getByRole('option', { name: /Collège Jean Moulin/ }).click();
    // The suggestions stay open for another choice: a click beside them closes them.
    await assign.getByText(/2 documents sélectionnés/).click();
    await expectNoSeriousViolations(page, 'assign dialog');
    await assign.getByRole('button', { name: 'Affecter' }).click();
    await expect(page.getByText('Établissements affectés à 2 documents.')).toBeVisible();
    await expect(rows.filter({ hasText: small })).toContainText('0693284V');

    // Read: the PDF shows in the preview, in the browser's viewer (inline), not saved.
    await rows
      .filter({ hasText: large })
      .getByRole('button', { name: `Actions sur ${large}` })
      .click();
    const shown = page.waitForResponse(
      (response) => response.url().includes('/files/documents/') && response.request().resourceType() === 'document',
    );
    await page.getByRole('menuitem', { name: 'Lire' }).click();
    const read = await shown;
    expect(read.headers()['content-type']).toBe('application/pdf');
    expect(read.headers()['content-disposition']).toMatch(/^inline;/);
    const pdfPreview = page.getByRole('dialog', { name: large });
    await expect(pdfPreview.locator(`iframe[title="${large}"]`)).toBeVisible();
    await expectNoSeriousViolations(page, 'PDF preview');
    // Not Escape: the browser's PDF viewer may hold the keyboard's focus.
    await pdfPreview
      .getByRole('button', { name: /Fermer/ })
      .first()
      .click();
    await expect(pdfPreview).toBeHidden();

    await rows
      .filter({ hasText: small })
      .getByRole('button', { name: `Actions sur ${small}` })
      .click();
    await page.getByRole('menuitem', { name: 'Détails' }).click();
    const details = page.getByRole('dialog', { name: 'Détails du document' });
    await expect(details.getByText('application/pdf')).toBeVisible();
    await expectNoSeriousViolations(page, 'details dialog');
    await details
      .getByRole('button', { name: /Fermer/ })
      .first()
      .click();
    await expect(details).toBeHidden();

    await rows
      .filter({ hasText: small })
      .getByRole('button', { name: `Actions sur ${small}` })
      .click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer le document' });
    await expectNoSeriousViolations(page, 'delete dialog');
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('1 document supprimé.')).toBeVisible();
    await expect(rows).toHaveCount(1);

    await main.getByRole('button', { name: 'Aide' }).click();
    await expect(page.getByRole('dialog', { name: 'Aide du gestionnaire de documents' })).toBeVisible();
    await expectNoSeriousViolations(page, 'help dialog');
    await page.keyboard.press('Escape');

    // An EPUB is read in the reader, a page at a time.
    const book = `Contes du collège ${stamp}.epub`;
    await main.getByRole('button', { name: 'Envoyer des fichiers' }).click();
    await upload.locator('input[type="file"]').setInputFiles({
      name: book,
      mimeType: 'application/epub+zip',
      buffer: await epubOf('Contes du collège', [
        { title: 'La rentrée', text: 'Le premier jour, la cour était pleine.' },
        { title: 'Le voyage', text: 'En mai, la classe partit pour Lyon.' },
      ]),
    });
    await expect(page.getByText('1 fichier envoyé.')).toBeVisible();
    await upload.getByRole('button', { name: 'Fermer', exact: true }).last().click();
    await rows
      .filter({ hasText: book })
      .getByRole('button', { name: `Actions sur ${book}` })
      .click();
    await page.getByRole('menuitem', { name: 'Lire' }).click();
    const epubPreview = page.getByRole('dialog', { name: book });
    const pages = epubPreview.frameLocator(`iframe[title="${book}"]`);
    const firstPage = pages.getByText('Le premier jour, la cour était pleine.');
    await expect(firstPage).toBeVisible({ timeout: 30_000 });
    // The book's own style sheet applies (epub.js hands it over as a blob: address).
    await expect(firstPage).toHaveCSS('color', BOOK_TEXT_COLOR);
    await epubPreview.getByRole('button', { name: 'Page suivante' }).click();
    await expect(pages.getByText('En mai, la classe partit pour Lyon.')).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'EPUB preview');
    await epubPreview
      .getByRole('button', { name: /Fermer/ })
      .first()
      .click();
    await expect(epubPreview).toBeHidden();

    // A pupil of Collège Jean Moulin sees the document given to their school, and not the deleted one.
    const pupilContext = await browser.newContext();
    try {
      const pupilPage = await pupilContext.newPage();
      await ShellPage.signIn(pupilPage, DEMO.pupil);
      await expect(pupilPage.getByRole('row', { name: new RegExp(large) })).toBeVisible();
      await expect(pupilPage.getByRole('row', { name: new RegExp(small) })).toHaveCount(0);
      await pupilPage.getByRole('button', { name: `Ouvrir ${large}` }).click();
      await expect(pupilPage.getByRole('dialog', { name: large }).locator(`iframe[title="${large}"]`)).toBeVisible();
    } finally {
      await pupilContext.close();
    }
  });
});
