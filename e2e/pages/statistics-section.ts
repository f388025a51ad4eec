import { expect, type Locator, type Page } from '@playwright/test';

/** The four chart cards, by their headings, as the overview and the dashboard show them. */
export const CHART_TITLES = ['Utilisateurs par application', 'Répartition des rôles', 'Connexions', 'Mode admin'] as const;

/** The key figures and the four statistics charts of a view, read as a user reads them. */
export class StatisticsSection {
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {}

  /** The value shown for a key figure ('Établissements', 'Utilisateurs'). */
  keyFigure(label: string): Locator {
    return this.root
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  chartCard(title: string): Locator {
    return this.root.getByRole('region', { name: title, exact: true });
  }

  /** Waits for each card's heading, its drawing and its figures. */
  async expectFourCharts(): Promise<void> {
    for (const title of CHART_TITLES) {
      const card = this.chartCard(title);
      await expect(card.getByRole('heading', { name: title, exact: true })).toBeVisible();
      // The drawing is hidden from assistive technology; its figures are in a table named by the heading.
      await expect(card.locator('svg.recharts-surface').first()).toBeVisible();
      await expect(card.getByRole('table', { name: title, includeHidden: true })).toHaveCount(1);
    }
  }

  /** The first-column labels of a chart's figures table (visible or for screen readers only). */
  async figureLabels(title: string): Promise<string[]> {
    const table = this.chartCard(title).getByRole('table', { name: title, includeHidden: true });
    return table.getByRole('rowheader', { includeHidden: true }).allTextContents();
  }
}
