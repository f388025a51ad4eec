import { userExports as contract, type FileAnswer } from '@console/contract';
import { publicOrigin } from '#platform/config/env.js';
import type { ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import { auditExport, exportFileName, readExportSelection, type ExportSelection } from './export-selection.js';
import {
  findExportPlatform,
  listAccessCredentials,
  listCatalogueApplications,
  listExportAccesses,
  listOptionNames,
  listSchemeFlags,
  listTeaching,
} from './exports.repository.js';
import { csvChunks, xlsxStream } from './file-writers.js';
import { platformTable } from './platform-table.js';
import { brutTable, fullTable, teachingTable, tousTable } from './user-tables.js';
import { linksTable, userLinksOf } from './user-links.js';

/**
 * The CSV menu's exports (issue 16, spec 3 §7, §9). Each reads its selection first (rights and
 * reach: see `readExportSelection`), audits it, then answers a file whose rows are written while
 * it is sent.
 */

/** The selection of an export, audited. */
async function selectAndAudit(
  ctx: ServiceContext,
  input: contract.ExportSelection,
  item: contract.ExportItem,
  detail?: Record<string, string>,
): Promise<ExportSelection> {
  const selection = await readExportSelection(ctx, input, item);
  await auditExport(ctx, selection, item, detail);
  return selection;
}

const csvFile = (fileName: string, rows: Iterable<readonly string[]>, dialect: contract.CsvDialect): FileAnswer => ({
  fileName,
  mediaType: contract.CSV_MEDIA_TYPE,
  body: csvChunks(rows, dialect),
});

/** Tous, Brut or Full (`POST /users/export`), each with its own right. */
export async function exportUsers(
  ctx: ServiceContext,
  input: contract.ExportSelection & { type: contract.UserExportType },
): Promise<FileAnswer> {
  const selection = await selectAndAudit(ctx, input, input.type);
  const ids = selection.users.map((user) => user.id);
  const options = await listOptionNames(ctx.db, ids);
  const name = exportFileName(ctx, `export_${input.type}`, selection.uai, 'csv');
  switch (input.type) {
    case 'tous':
      return csvFile(name, tousTable(selection, options), contract.CSV_DIALECTS.FULL);
    case 'brut':
      return csvFile(name, brutTable(selection, options), contract.CSV_DIALECTS.BRUT);
    case 'full': {
      const [applications, accesses] = await Promise.all([listCatalogueApplications(ctx.db), listAccessCredentials(ctx.db, ids)]);
      return csvFile(name, fullTable(selection, options, applications, accesses), contract.CSV_DIALECTS.FULL);
    }
  }
}

/**
 * One platform's file for the selection, in its dialect; an XLSX workbook when the platform's
 * export type says so. A platform unknown or without a dialect: 400 `export_platform_unknown`.
 */
export async function exportPlatform(
  ctx: ServiceContext,
  input: contract.ExportSelection & { platformId: string },
): Promise<FileAnswer> {
  const platform = await findExportPlatform(ctx.db, input.platformId);
  const dialect = contract.platformDialectOf(input.platformId);
  if (!platform || !dialect) {
    throw new AppError('bad_request', `No export for the platform ${input.platformId}`, {
      reason: 'export_platform_unknown',
      params: { platform: input.platformId },
    });
  }
  const selection = await selectAndAudit(ctx, input, 'byEditor', { platformId: platform.id });
  const accesses = await listExportAccesses(
    ctx.db,
    selection.users.map((user) => user.id),
    platform.id,
  );
  const rows = platformTable(selection, platform, accesses);
  const base = platform.exportFile?.trim() || `export_${platform.id.toLowerCase()}`;
  if (platform.exportType === 'XLSX') {
    return {
      fileName: exportFileName(ctx, base, selection.uai, 'xlsx'),
      mediaType: contract.XLSX_MEDIA_TYPE,
      body: xlsxStream(rows, platform.id),
    };
  }
  return csvFile(exportFileName(ctx, base, selection.uai, 'csv'), rows, dialect);
}

/** The teaching of the selection (`POST /users/export/teaching`). */
export async function exportTeaching(ctx: ServiceContext, input: contract.ExportSelection): Promise<FileAnswer> {
  const selection = await selectAndAudit(ctx, input, 'teaching');
  const teaching = await listTeaching(
    ctx.db,
    selection.users.map((user) => user.id),
  );
  return csvFile(
    exportFileName(ctx, 'export_enseignements', selection.uai, 'csv'),
    teachingTable(selection, teaching),
    contract.CSV_DIALECTS.FULL,
  );
}

/** The selection's sign-in links, drawn as they are read (see `userLinksOf`). */
async function readUserLinks(ctx: ServiceContext, input: contract.ExportSelection): Promise<Iterable<contract.UserLink>> {
  const selection = await selectAndAudit(ctx, input, 'url');
  const [accesses, platforms] = await Promise.all([
    listExportAccesses(
      ctx.db,
      selection.users.map((user) => user.id),
    ),
    listSchemeFlags(ctx.db),
  ]);
  return userLinksOf(selection, publicOrigin(ctx.env), accesses, platforms);
}

/** The selection's sign-in links (`POST /getAppliURLWeb.php`). */
export async function listUserLinks(ctx: ServiceContext, input: contract.ExportSelection): Promise<contract.UserLink[]> {
  return [...(await readUserLinks(ctx, input))];
}

/** The same links as a CSV file in the URL dialect (`POST /getMajExport.php`), written while it is sent. */
export async function exportUserLinks(ctx: ServiceContext, input: contract.ExportSelection): Promise<FileAnswer> {
  const links = await readUserLinks(ctx, input);
  return csvFile(exportFileName(ctx, 'export_url', input.uai, 'csv'), linksTable(links, input.uai), contract.CSV_DIALECTS.URL);
}
