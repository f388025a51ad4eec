import { expect, type Locator, type Page } from '@playwright/test';

export const WORKFLOW_MESSAGES = {
  updated: 'Le workflow a bien été mis à jour.',
  emptySubStep: 'Vous ne pouvez pas avoir de sous-étape sans nom.',
  duplicateSubStep: 'Une sous-étape existe avec le même nom.',
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A school's workflow tracker, in the Monitoring view or the global grid's panel: the timeline's
 * steps (tabs named '{index}. {name} : {state}'), the selected step's panel and its controls.
 */
export class WorkflowTracker {
  readonly page: Page;
  readonly steps: Locator;
  readonly panel: Locator;
  readonly notNeeded: Locator;
  readonly completed: Locator;
  readonly comment: Locator;
  readonly addSubStepButton: Locator;
  readonly save: Locator;
  readonly warning: Locator;
  readonly synchronise: Locator;
  readonly reset: Locator;

  constructor(readonly root: Locator) {
    this.page = root.page();
    this.steps = root.getByRole('tablist', { name: 'Étapes du suivi' });
    this.panel = root.getByRole('tabpanel');
    this.notNeeded = this.panel.getByRole('switch', { name: 'Étape non nécessaire' });
    this.completed = this.panel.getByRole('switch', { name: 'Étape complétée' });
    this.comment = this.panel.getByRole('textbox', { name: 'Commentaire' });
    this.addSubStepButton = this.panel.getByRole('button', { name: 'Ajouter une sous-étape' });
    this.save = this.panel.getByRole('button', { name: 'Enregistrer' });
    this.warning = this.panel.getByRole('alert');
    this.synchronise = root.getByRole('button', { name: 'Synchroniser' });
    this.reset = root.getByRole('button', { name: 'Remise à zéro' });
  }

  /** A step's pill, whatever its state; with a state, only when it shows that state. */
  step(name: string, state?: string): Locator {
    const pattern = state ? `^\\d+\\. ${escapeRegExp(name)} : ${escapeRegExp(state)}` : `^\\d+\\. ${escapeRegExp(name)} : `;
    return this.steps.getByRole('tab', { name: new RegExp(pattern) });
  }

  async selectStep(name: string): Promise<void> {
    await this.step(name).click();
    await expect(this.step(name)).toHaveAttribute('aria-selected', 'true');
    await expect(this.panel.getByRole('heading', { name: new RegExp(`^\\d+\\. ${escapeRegExp(name)}$`) })).toBeVisible();
  }

  subStepName(index: number): Locator {
    return this.panel.getByRole('textbox', { name: `Nom de la sous-étape ${index}` });
  }

  subStepDone(index: number): Locator {
    return this.panel.getByRole('checkbox', { name: `Sous-étape ${index} complétée` });
  }

  deleteSubStep(index: number): Locator {
    return this.panel.getByRole('button', { name: `Supprimer la sous-étape ${index}` });
  }

  async addSubStep(): Promise<void> {
    await this.addSubStepButton.click();
  }

  /** Saves and waits for the success toast. */
  async saveAndConfirm(): Promise<void> {
    await this.save.click();
    await expect(this.page.getByText(WORKFLOW_MESSAGES.updated).last()).toBeVisible();
    await expect(this.save).toBeDisabled();
  }

  async expectWarning(message: string): Promise<void> {
    await expect(this.warning).toHaveText(message);
  }

  /** Resets the school's workflow after the confirmation. */
  async resetSchool(uai: string): Promise<void> {
    await this.reset.click();
    const dialog = this.page.getByRole('dialog', { name: 'Remettre le suivi à zéro ?' });
    await dialog.getByRole('button', { name: 'Remettre à zéro' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByText(`${uai} remis à zéro`).last()).toBeVisible();
  }
}
