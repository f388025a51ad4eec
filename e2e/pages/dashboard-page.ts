import { expect, type Locator, type Page } from '@playwright/test';
import { StatisticsSection } from './statistics-section';

/** A school's dashboard: its key figures and four charts. */
export class DashboardPage {
  readonly heading: Locator;
  readonly statistics: StatisticsSection;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Tableau de bord', exact: true });
    this.statistics = new StatisticsSection(page, page.getByRole('main'));
  }

  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await this.statistics.expectFourCharts();
  }
}
