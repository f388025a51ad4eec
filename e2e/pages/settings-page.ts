import { expect, type Locator, type Page } from '@playwright/test';
import type { ShellPage } from './shell-page';

export const SETTINGS_TITLE = 'Paramètres généraux';

export const SETTINGS_MESSAGES = {
  updated: 'Les paramètres ont bien été mis à jour.',
  invalidUrl:
    "Cette adresse n'est pas valide : elle doit commencer par http://, https:// ou mailto: et ne contenir ni tabulation ni retour à la ligne. Un texte qui n'est pas une adresse ne commence pas par « mot: ».",
  imageUploaded: "L'image a bien été upload. Veuillez confirmez vos modifications.",
  unsafeLoginStructure:
    "Un login ne peut contenir que des lettres sans accent, des chiffres, « . », « _ » et « - » : cette structure en accepte d'autres.",
};

/** The general settings (the Config menu entry): its tabs and the Tabuléo tab's link settings, edited with the edit-and-save pattern. */
export class SettingsPage {
  readonly heading: Locator;
  readonly linksForm: Locator;
  readonly edit: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly confirmDialog: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: SETTINGS_TITLE, exact: true });
    this.linksForm = page.getByRole('form', { name: 'Tabuléo', exact: true });
    this.edit = this.linksForm.getByRole('button', { name: 'Modifier', exact: true });
    this.save = this.linksForm.getByRole('button', { name: 'Sauvegarder', exact: true });
    this.cancel = this.linksForm.getByRole('button', { name: 'Annuler', exact: true });
    this.confirmDialog = page.getByRole('dialog', { name: 'Confirmer les modifications', exact: true });
    this.confirm = this.confirmDialog.getByRole('button', { name: 'Confirmer', exact: true });
  }

  /** Opens the view from the side menu and waits for the link settings. */
  static async open(shell: ShellPage): Promise<SettingsPage> {
    await shell.openView('Configuration', SETTINGS_TITLE);
    const settings = new SettingsPage(shell.page);
    await expect(settings.page.getByRole('tab', { name: 'Tabuléo', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(settings.edit).toBeVisible();
    return settings;
  }

  /** A link setting's field, by its label (its French name, or its key for one the product does not know). */
  link(name: string): Locator {
    return this.linksForm.getByRole('textbox', { name, exact: true });
  }

  /** A toast with this text. */
  toast(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}

/** The Regex tab: each name field's fieldset (structure, special characters, conversion), its form's buttons, and the rules' tester. */
export class RegexTab {
  readonly form: Locator;
  readonly edit: Locator;
  readonly save: Locator;
  readonly tester: Locator;
  readonly results: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Regex', exact: true });
    this.edit = this.form.getByRole('button', { name: 'Modifier', exact: true });
    this.save = this.form.getByRole('button', { name: 'Sauvegarder', exact: true });
    this.tester = page.getByRole('group', { name: 'Tester les règles', exact: true });
    this.results = this.tester.getByRole('table', { name: 'Ce que les règles produisent', exact: true });
  }

  /** Opens the tab from the general settings and waits for its fields. */
  static async open(settings: SettingsPage): Promise<RegexTab> {
    await settings.page.getByRole('tab', { name: 'Regex', exact: true }).click();
    const tab = new RegexTab(settings.page);
    await expect(tab.edit).toBeVisible();
    return tab;
  }

  /** A field's fieldset: 'Prénom', 'Nom' or 'Login'. */
  field(name: string): Locator {
    return this.form.getByRole('group', { name, exact: true });
  }

  structure(field: string): Locator {
    return this.field(field).getByRole('textbox', { name: 'Structure (un caractère autorisé)', exact: true });
  }

  conversion(field: string): Locator {
    return this.field(field).getByRole('combobox', { name: 'Conversion', exact: true });
  }

  /** Chooses a field's conversion in its list. */
  async chooseConversion(field: string, label: string): Promise<void> {
    await this.conversion(field).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(this.conversion(field)).toHaveValue(label);
  }

  /** A sample input of the tester, by its label. */
  sample(label: string): Locator {
    return this.tester.getByRole('textbox', { name: label, exact: true });
  }

  /** The tester's result row of a field ('Prénom', 'Nom', 'Login proposé'): its header, result and characters removed. */
  result(field: string): Locator {
    return this.results.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: field, exact: true }) });
  }
}

/** The Plateformes or Applications tab: its entries in panels, the add button and a new entry's form. */
export class CatalogueTab {
  readonly add: Locator;
  readonly newForm: Locator;

  constructor(
    readonly page: Page,
    readonly kind: 'platforms' | 'applications',
  ) {
    const words =
      kind === 'platforms'
        ? { add: 'Ajouter une plateforme', form: 'Nouvelle plateforme' }
        : { add: 'Ajouter une application', form: 'Nouvelle application' };
    this.add = page.getByRole('button', { name: words.add, exact: true });
    this.newForm = page.getByRole('form', { name: words.form, exact: true });
  }

  /** Opens the tab from the general settings and waits for its add button. */
  static async open(settings: SettingsPage, kind: 'platforms' | 'applications'): Promise<CatalogueTab> {
    await settings.page.getByRole('tab', { name: kind === 'platforms' ? 'Plateformes' : 'Applications', exact: true }).click();
    const tab = new CatalogueTab(settings.page, kind);
    await expect(tab.add).toBeVisible();
    return tab;
  }

  /** An entry's panel header (the accordion's button), by the name it shows first. */
  entry(name: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${name}`) });
  }

  /** A field of a form, by its label. */
  textbox(form: Locator, label: string): Locator {
    return form.getByRole('textbox', { name: label, exact: true });
  }
}

/** A 1×1 PNG image, as a file an operator picks. */
export const PNG_PIXEL = {
  name: 'pixel.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** The Tokens tab: the scheduled token purges, their form in a dialog, and the delete confirmation. */
export class TokensTab {
  readonly add: Locator;
  readonly table: Locator;
  readonly formDialog: Locator;
  readonly deleteDialog: Locator;

  constructor(readonly settings: SettingsPage) {
    const page = settings.page;
    this.add = page.getByRole('button', { name: 'Ajouter une tâche', exact: true });
    this.table = page.getByRole('table');
    this.formDialog = page.getByRole('dialog', { name: 'Nouvelle tâche de purge', exact: true });
    this.deleteDialog = page.getByRole('dialog', { name: /^Supprimer la tâche/ });
  }

  static async open(settings: SettingsPage): Promise<TokensTab> {
    await settings.page.getByRole('tab', { name: 'Tokens', exact: true }).click();
    const tab = new TokensTab(settings);
    await expect(tab.add).toBeVisible();
    return tab;
  }

  /** A task's row, by its name (the row's header). */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.settings.page.getByRole('rowheader', { name, exact: true }) });
  }
}
