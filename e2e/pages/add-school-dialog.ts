import { expect, type Locator, type Page } from '@playwright/test';

/** The add-school dialog: French school from the directory, or foreign school by hand. */
export class AddSchoolDialog {
  readonly openButton: Locator;
  readonly dialog: Locator;
  readonly frenchTab: Locator;
  readonly foreignTab: Locator;
  readonly submit: Locator;
  readonly directorySearch: Locator;
  readonly uai: Locator;
  readonly name: Locator;
  readonly address: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByRole('button', { name: 'Ajouter un établissement' });
    this.dialog = page.getByRole('dialog', { name: 'Ajouter un établissement' });
    this.frenchTab = this.dialog.getByRole('tab', { name: 'Établissement français' });
    this.foreignTab = this.dialog.getByRole('tab', { name: 'Établissement étranger' });
    this.submit = this.dialog.getByRole('button', { name: "Créer l'établissement" });
    this.directorySearch = this.dialog.getByLabel("Rechercher dans l'annuaire de l'Éducation nationale");
    this.uai = this.dialog.getByRole('textbox', { name: /^UAI/ });
    this.name = this.dialog.getByRole('textbox', { name: /^Nom de l'établissement/ });
    this.address = this.dialog.getByRole('textbox', { name: /^Adresse/ });
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await expect(this.dialog).toBeVisible();
  }

  async openForeignTab(): Promise<void> {
    await this.foreignTab.click();
    await expect(this.uai).toBeVisible();
  }

  /** A result of the directory search, by a part of its name. */
  directoryResult(name: string | RegExp): Locator {
    return this.dialog.getByRole('radio', { name });
  }

  async fillForeignSchool(values: { uai: string; name: string; address: string }): Promise<void> {
    await this.uai.fill(values.uai);
    await this.name.fill(values.name);
    await this.address.fill(values.address);
  }
}
