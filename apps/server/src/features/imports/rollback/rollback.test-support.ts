import { imports } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { injectAs, requestOf, type TestContext } from '#test/context.js';
import { postImportFile } from '../imports.test-support.js';

/**
 * What the rollback tests do through the API (verify a file, confirm it, list, roll back) and how
 * they compare the database before and after, row by row.
 */

/** Tables the comparison leaves out: the rollback writes to them by design. */
const NOT_COMPARED = new Set(['audit_log', 'import_batches']);

/** Columns that move with every request, not with an import: a session's sliding expiry. */
const MOVING_COLUMNS: Readonly<Record<string, readonly string[]>> = { sessions: ['last_seen_at', 'expires_at'] };

/**
 * Every table of the database but the audit log and the batches, each as all its rows (every
 * column, timestamps as stored text with their microseconds) in a fixed order: two snapshots are
 * equal when the data is, row by row.
 */
export async function snapshotDatabase(t: TestContext): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = await t.db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const snapshot: Record<string, Record<string, unknown>[]> = {};
  for (const { name } of tables.rows) {
    if (NOT_COMPARED.has(name)) continue;
    const result = await t.db.execute<Record<string, unknown>>(sql`select * from ${sql.identifier(name)} as t order by t::text`);
    const moving = MOVING_COLUMNS[name] ?? [];
    snapshot[name] = result.rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !moving.includes(column))),
    );
  }
  return snapshot;
}

/** Posts a CSV text to the verification, as the import view does (multipart/form-data). */
export async function verifyCsv(
  t: TestContext,
  cookie: string,
  mode: imports.ImportMode,
  uai: string,
  text: string,
): Promise<imports.ImportCheckAnswer> {
  const response = await postImportFile(t, cookie, { name: 'fichier.csv', bytes: Buffer.from(text, 'utf8') }, { mode, uai });
  expect(response.statusCode, response.body).toBe(200);
  return imports.importCheckAnswerSchema.parse(response.json());
}

/** Confirms (1) or cancels (0) a verified import, all its lines. */
export async function decideImport(
  t: TestContext,
  cookie: string,
  importNumber: number,
  confirmation: 0 | 1,
): Promise<imports.ImportResult> {
  const response = await injectAs(t.app, cookie, {
    ...requestOf(imports.confirmImport, { importNumber }),
    payload: { confirmation, excludeUsers: [] },
  });
  expect(response.statusCode, response.body).toBe(200);
  return imports.importResultSchema.parse(response.json());
}

/** Verifies a file and applies it: its import number and what it did. */
export async function importCsv(
  t: TestContext,
  cookie: string,
  mode: imports.ImportMode,
  uai: string,
  text: string,
): Promise<imports.ImportResult> {
  const preview = await verifyCsv(t, cookie, mode, uai, text);
  return decideImport(t, cookie, preview.importNumber, 1);
}

export const requestRollback = (t: TestContext, cookie: string, importNumber: number): Promise<LightMyRequestResponse> =>
  injectAs(t.app, cookie, requestOf(imports.rollBackImport, { importNumber }));

/** Rolls an import back, expecting it done: the entry as the answer gives it, checked against its schema. */
export async function rollBack(t: TestContext, cookie: string, importNumber: number): Promise<imports.ImportHistoryEntry> {
  const response = await requestRollback(t, cookie, importNumber);
  expect(response.statusCode, response.body).toBe(200);
  return imports.importHistoryEntrySchema.parse(response.json());
}

export const requestHistory = (t: TestContext, cookie: string, uai: string): Promise<LightMyRequestResponse> =>
  injectAs(t.app, cookie, { ...requestOf(imports.listImports), query: { uai } });

/** A school's history as a caller sees it, checked against its schema. */
export async function listHistory(t: TestContext, cookie: string, uai: string): Promise<imports.ImportHistoryEntry[]> {
  const response = await requestHistory(t, cookie, uai);
  expect(response.statusCode, response.body).toBe(200);
  return imports.listImports.answer.parse(response.json());
}

/** The refusal a response carries: its status and reason. */
export function refusalOf(response: LightMyRequestResponse): { status: number; reason: string | undefined } {
  const body = response.json() as { details?: { reason?: string } };
  return { status: response.statusCode, reason: body.details?.reason };
}
