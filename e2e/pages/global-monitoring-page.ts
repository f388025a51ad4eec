import { expect, type Locator, type Page } from '@playwright/test';
import type { ShellPage } from './shell-page';
import { WorkflowTracker } from './workflow-tracker';

export const GLOBAL_MONITORING_TITLE = 'Suivi global des déploiements';

/** The global monitoring view: the grid of every monitored school, its tools and a school's panel. */
export class GlobalMonitoringPage {
  readonly heading: Locator;
  readonly grid: Locator;
  readonly statusLine: Locator;
  readonly resetAll: Locator;
  readonly columns: Locator;
  readonly clearFilters: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: GLOBAL_MONITORING_TITLE });
    this.grid = page.getByRole('region', { name: 'Suivi des établissements' });
    this.statusLine = page.getByText(/^Total : \d+ · Filtrés : \d+ · Sélectionnés : \d+$/);
    this.resetAll = page.getByRole('button', { name: 'Remettre à zéro tous les établissements' });
    this.columns = page.getByRole('button', { name: 'Colonnes' });
    this.clearFilters = page.getByRole('button', { name: 'Supprimer les filtres' });
  }

  /** Opens the view from the side menu and waits until every school's data has arrived. */
  static async open(shell: ShellPage): Promise<GlobalMonitoringPage> {
    const view = new GlobalMonitoringPage(shell.page);
    await shell.openView('Suivi global', GLOBAL_MONITORING_TITLE);
    await expect(view.page.getByText(/^Total : [1-9]/)).toBeVisible();
    await expect(view.page.getByText(/Chargement des établissements/)).toBeHidden();
    return view;
  }

  /** The school's row (the pinned part: checkbox, name and UAI). */
  row(school: string): Locator {
    return this.grid.getByRole('row', { name: new RegExp(school) });
  }

  /** The status symbol of a school's step, in the cell of the step's column. */
  async symbol(school: string, step: string): Promise<Locator> {
    const column = await this.grid.getByRole('columnheader', { name: step, exact: true }).getAttribute('col-id');
    return this.row(school).locator(`[role="gridcell"][col-id="${column}"]`).getByRole('img');
  }

  /** The school names and UAIs, in the order the grid shows them. */
  async schoolsShown(): Promise<string[]> {
    return this.grid.locator('[role="row"][row-index] [role="gridcell"][col-id="school"]').allTextContents();
  }

  async select(school: string): Promise<void> {
    await this.row(school).getByRole('checkbox').check();
  }

  /** Clicks the school's cell and answers the tracker of the panel it opens above the grid. */
  async openSchool(school: string): Promise<{ panel: Locator; tracker: WorkflowTracker }> {
    await this.row(school).getByText(school, { exact: true }).click();
    const panel = this.panel(school);
    await expect(panel).toBeVisible();
    const tracker = new WorkflowTracker(panel);
    await expect(tracker.steps.getByRole('tab')).toHaveCount(13);
    return { panel, tracker };
  }

  panel(school: string): Locator {
    return this.page.getByRole('region', { name: `Suivi de ${school}` });
  }

  /** Resets the selected schools after the confirmation; the report lists every school. */
  async resetSelected(count: number): Promise<Locator> {
    await this.resetAll.click();
    const dialog = this.page.getByRole('dialog', { name: 'Remettre à zéro les établissements sélectionnés ?' });
    await dialog.getByRole('button', { name: 'Remettre à zéro' }).click();
    const report = this.page.getByRole('status').filter({ hasText: 'Remise à zéro des établissements' });
    await expect(report.getByRole('listitem')).toHaveCount(count);
    return report;
  }
}
