import { expect, type Locator, type Page } from '@playwright/test';

/** The users view of the active school: its button bar, its AG Grid and the user page. */
export class UsersPage {
  readonly main: Locator;
  readonly grid: Locator;
  /** The grid's data rows (AG Grid gives each a row-id; header and filter rows have none). */
  readonly rows: Locator;
  /** 'N utilisateurs · N filtrés · N sélectionnés'. */
  readonly status: Locator;
  readonly buttonBar: Locator;
  readonly activeFilters: Locator;
  readonly userPage: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.grid = this.main.getByRole('region', { name: "Utilisateurs de l'établissement" }).getByRole('grid');
    this.rows = this.grid.locator('[role="row"][row-id]');
    this.status = this.main.getByRole('status').filter({ hasText: /utilisateurs? ·/ });
    this.buttonBar = this.main.getByRole('group', { name: 'Actions sur les utilisateurs' });
    this.activeFilters = this.main.getByRole('group', { name: 'Filtres actifs' });
    this.userPage = page.getByRole('dialog', { name: 'Fiche utilisateur' });
  }

  /** Waits for the grid to show its first rows. */
  async expectLoaded(): Promise<void> {
    await expect(this.rows.first()).toBeVisible();
  }

  button(name: string): Locator {
    return this.buttonBar.getByRole('button', { name, exact: true });
  }

  /** The data row of a login, found by its Login cell. */
  row(login: string): Locator {
    return this.rows.filter({ has: this.page.locator('[col-id="login"]').getByText(login, { exact: true }) });
  }

  /** The user id of a login's row, to find it again once scrolled sideways past the Login column. */
  async rowIdOf(login: string): Promise<string> {
    const id = await this.row(login).getAttribute('row-id');
    if (!id) throw new Error(`no row for ${login}`);
    return id;
  }

  /** A cell of the row of a user id, whichever columns are in view. */
  cellOfRow(rowId: string, columnId: string): Locator {
    return this.grid.locator(`[role="row"][row-id="${rowId}"] [col-id="${columnId}"]`);
  }

  /** A cell by its column id (the grid's key: 'level', 'comment', 'option1', 'application:3'...). */
  cell(login: string, columnId: string): Locator {
    return this.row(login).locator(`[col-id="${columnId}"]`);
  }

  /** The logins of the rendered rows, top to bottom. */
  async renderedLogins(): Promise<string[]> {
    await this.scrollToColumn('Login');
    const rows = await this.rows.all();
    const entries = await Promise.all(
      rows.map(async (row) => ({
        index: Number(await row.getAttribute('row-index')),
        login: (await row.locator('[col-id="login"]').textContent()) ?? '',
      })),
    );
    return entries.sort((a, b) => a.index - b.index).map((entry) => entry.login);
  }

  /**
   * Scrolls the grid sideways until a column is rendered and answers its column id: AG Grid
   * renders only the columns in view, so a column far to the right (options, applications) is not
   * in the page until scrolled to. Column ids are the grid's keys ('level', 'option2', 'application:3').
   */
  async scrollToColumn(headerName: string): Promise<string> {
    const header = this.columnHeader(headerName);
    const viewport = this.main
      .getByRole('region', { name: "Utilisateurs de l'établissement" })
      .locator('.ag-body-horizontal-scroll-viewport');
    await viewport.evaluate((element) => {
      element.scrollLeft = 0;
    });
    for (let step = 0; step < 40 && (await header.count()) === 0; step += 1) {
      await viewport.evaluate((element) => {
        element.scrollLeft += element.clientWidth / 2;
      });
      await this.page.waitForTimeout(50);
    }
    await header.scrollIntoViewIfNeeded();
    const columnId = await header.getAttribute('col-id');
    if (!columnId) throw new Error(`no column headed ${headerName}`);
    return columnId;
  }

  /**
   * For each drawn row, the column ids of the headers drawn above it that have no cell in it (a
   * blank column): AG Grid draws the columns in view, and headers and cells must agree.
   */
  async columnsWithoutCells(): Promise<{ headers: string[]; blankByRow: Record<string, string[]> }> {
    return this.grid.evaluate((grid) => {
      const headers = [...grid.querySelectorAll('.ag-header-row-column [col-id]')].map(
        (header) => header.getAttribute('col-id') ?? '',
      );
      const blankByRow: Record<string, string[]> = {};
      for (const part of grid.querySelectorAll('[role="row"][row-id]')) {
        const rowId = part.getAttribute('row-id') ?? '';
        // A row is drawn in parts (pinned left, centre): gather its cells from all of them.
        const cells = [...grid.querySelectorAll(`[role="row"][row-id="${rowId}"] [col-id]`)].map((cell) =>
          cell.getAttribute('col-id'),
        );
        blankByRow[rowId] = headers.filter((header) => !cells.includes(header));
      }
      return { headers, blankByRow };
    });
  }

  columnHeader(name: string): Locator {
    return this.grid.getByRole('columnheader', { name, exact: true });
  }

  floatingFilter(header: string): Locator {
    return this.grid.getByRole('textbox', { name: `${header} Filtre`, exact: true });
  }

  /** Opens the columns panel (show, hide, reorder). */
  async openColumnsPanel(): Promise<Locator> {
    await this.main.getByRole('button', { name: 'Colonnes', exact: true }).click();
    const panel = this.page.getByRole('dialog', { name: 'Colonnes' });
    await expect(panel).toBeVisible();
    return panel;
  }

  async select(...logins: string[]): Promise<void> {
    for (const login of logins) {
      await this.row(login)
        .getByRole('checkbox', { name: /sélection de la ligne/ })
        .check();
    }
  }

  /** Opens the user page from the Login cell. */
  async openUser(login: string): Promise<Locator> {
    await this.cell(login, 'login').click();
    await expect(this.userPage).toBeVisible();
    return this.userPage;
  }

  /** Edits a text cell: double click, type, Enter. */
  async editCell(login: string, columnId: string, value: string): Promise<void> {
    await this.cell(login, columnId).dblclick();
    const editor = this.cell(login, columnId).locator('input, textarea').first();
    await expect(editor).toBeVisible();
    await editor.fill(value);
    await editor.press('Enter');
  }
}
