import { expect, type Locator, type Page } from '@playwright/test';
import { StatisticsSection } from './statistics-section';

/** The Administrateur's overview: global statistics, the publishers' token forms and the token report. */
export class OverviewPage {
  readonly heading: Locator;
  readonly statistics: StatisticsSection;
  readonly tokenReport: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: "Vue d'ensemble", exact: true });
    this.statistics = new StatisticsSection(page, page.getByRole('region', { name: 'Statistiques globales' }));
    this.tokenReport = page.getByRole('region', { name: 'Rapport des erreurs de jetons' });
  }

  /** The synchronisation form of a publisher ('Edulib', 'Le Livre Scolaire'). */
  syncForm(publisher: string): Locator {
    return this.page.getByRole('form', { name: publisher, exact: true });
  }

  async synchronise(publisher: string, school?: string | RegExp): Promise<void> {
    const form = this.syncForm(publisher);
    if (school) {
      await form.getByRole('combobox', { name: 'Établissement' }).click();
      await this.page.getByRole('option', { name: school }).click();
    }
    await form.getByRole('button', { name: 'Synchroniser' }).click();
  }

  /** A toast with this text. */
  toast(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await this.statistics.expectFourCharts();
  }
}
