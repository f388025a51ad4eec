import { imports } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import type { ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { AppError } from '#platform/errors/app-error.js';
import { decideBatch, findTakenLogins, insertTeaching, type BatchRow, type SchoolUserRow } from '../imports.repository.js';
import type { ImportUndo, PlannedCreate, PlannedLine, PlannedTeaching, PlannedUpdate } from '../plan.js';
import { applyCreates } from './apply-creates.js';
import { applyUpdates } from './apply-updates.js';
import { lockSchoolUsers, type LockedUser } from './confirm.repository.js';

/**
 * What a confirmation writes, whether in one transaction or in steps (confirm-import.ts,
 * apply-in-steps.ts): the checks of the lines against the school as it is now, the lines
 * applied, and the batch recorded as applied.
 */

/** A decision opened in its first transaction: the batch checked, its plan read, each line's outcome. */
export type OpenedDecision = {
  batch: BatchRow;
  mode: imports.ImportMode;
  counts: imports.ImportResult['counts'];
  lines: imports.ImportResult['lines'];
  /** The plan's lines to apply (all but the excluded ones). */
  kept: PlannedLine[];
};

/** The refusal of a confirmation the school no longer allows: the lines that changed since the verification. */
function importStale(problems: imports.ImportProblem[]): AppError {
  return new AppError(
    'conflict',
    'The school changed since the file was verified: verify it again',
    { reason: 'import_stale', params: { count: problems.length } },
    { errors: problems },
  );
}

/** Locks the users an update or teaching import names, as they are now; those gone or moved to another school are stale lines. */
async function lockNamedUsers(tx: Executor, uai: string, lines: readonly (PlannedUpdate | PlannedTeaching)[]) {
  const ids = [...new Set(lines.map((line) => line.userId))];
  const rows = await lockSchoolUsers(tx, uai, ids);
  const locked = new Map(rows.map((row) => [row.id, row]));
  const gone = lines
    .filter((line) => !locked.has(line.userId))
    .map((line) => ({ msg: imports.IMPORT_ERRORS.unknownUser, line: line.line, field: null, params: { user: line.userId } }));
  return { locked, gone };
}

/** The new logins (of new users, or renamed ones) that an account took since the verification. */
async function loginsTakenSince(
  tx: Executor,
  lines: readonly PlannedLine[],
  locked: ReadonlyMap<number, SchoolUserRow>,
): Promise<imports.ImportProblem[]> {
  const wanted = lines.flatMap((line) => {
    if (line.kind === 'create') return [{ line: line.line, login: line.fields.login }];
    if (line.kind !== 'update' || line.fields.login === undefined) return [];
    const current = locked.get(line.userId)?.login;
    return current?.toLowerCase() === line.fields.login.toLowerCase() ? [] : [{ line: line.line, login: line.fields.login }];
  });
  const taken = await findTakenLogins(tx, [...new Set(wanted.map((entry) => entry.login.toLowerCase()))]);
  return wanted
    .filter((entry) => taken.has(entry.login.toLowerCase()))
    .map((entry) => ({
      msg: imports.IMPORT_ERRORS.loginTaken,
      line: entry.line,
      field: imports.fieldLabel('login'),
      params: { login: entry.login },
    }));
}

/** Locks the users some lines name; answers them, and every line the school no longer allows. */
async function lockAndFindStale(tx: Executor, uai: string, lines: readonly PlannedLine[]) {
  const named = lines.filter((line): line is PlannedUpdate | PlannedTeaching => line.kind !== 'create');
  const { locked, gone } = await lockNamedUsers(tx, uai, named);
  return { locked, stale: [...gone, ...(await loginsTakenSince(tx, lines, locked))] };
}

/** Locks the users some lines name and throws `import_stale` with every line the school no longer allows. */
export async function lockAndCheck(tx: Executor, uai: string, lines: readonly PlannedLine[]): Promise<Map<number, LockedUser>> {
  const { locked, stale } = await lockAndFindStale(tx, uai, lines);
  if (stale.length > 0) throw importStale(stale.sort((a, b) => a.line - b.line));
  return locked;
}

/** Lines lockAndCheck reads at a time when it checks a whole plan part by part. */
const CHECK_PART_LINES = 2_000;

/**
 * Checks a plan's lines as lockAndCheck does, CHECK_PART_LINES at a time, each part its own
 * statement with the server's other requests served in between (the embedded database's one
 * connection is not held for the whole plan); throws `import_stale` with every stale line of
 * every part. Locks nothing beyond each statement: the steps lock and check again.
 */
export async function checkLinesInParts(
  db: Executor,
  uai: string,
  lines: readonly PlannedLine[],
  partLines = CHECK_PART_LINES,
): Promise<void> {
  const stale: imports.ImportProblem[] = [];
  for (let start = 0; start < lines.length; start += partLines) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    stale.push(...(await lockAndFindStale(db, uai, lines.slice(start, start + partLines))).stale);
  }
  if (stale.length > 0) throw importStale(stale.sort((a, b) => a.line - b.line));
}

/**
 * Applies some lines of a plan in the caller's transaction, after the checks of lockAndCheck:
 * answers the new users' ids by line and what the lines replaced.
 */
export async function applyLines(
  tx: Executor,
  ctx: ServiceContext,
  batch: { id: number; uai: string },
  lines: readonly PlannedLine[],
): Promise<{ ids: Map<number, number>; undo: ImportUndo }> {
  const locked = await lockAndCheck(tx, batch.uai, lines);
  const creates = await applyCreates(
    tx,
    ctx,
    batch,
    lines.filter((line): line is PlannedCreate => line.kind === 'create'),
  );
  const updates = await applyUpdates(
    tx,
    ctx,
    batch,
    // Only the lines that change something: an unchanged line writes nothing.
    lines.filter((line): line is PlannedUpdate => line.kind === 'update'),
    locked,
  );
  await insertTeaching(
    tx,
    lines.filter((line): line is PlannedTeaching => line.kind === 'teaching'),
    batch.id,
  );
  return {
    ids: creates.ids,
    undo: {
      createdUserIds: [...creates.ids.values()],
      createdOptionIds: [...creates.createdOptionIds, ...updates.createdOptionIds],
      updates: updates.undo,
    },
  };
}

/** Records an applied import: its counts, what it replaced, its audit entry; the report's new ids. */
export async function closeDecision(
  tx: Executor,
  ctx: ServiceContext,
  opened: OpenedDecision,
  ids: ReadonlyMap<number, number>,
  undo: ImportUndo,
): Promise<imports.ImportResult> {
  const { batch, mode, counts, lines } = opened;
  for (const line of lines) if (line.outcome === 'created') line.userId = ids.get(line.line) ?? null;
  await decideBatch(tx, batch.id, { status: 'applied', counts, undo });
  await writeAudit(tx, {
    actor: ctx.actor,
    action: 'import_apply',
    entity: 'import',
    entityId: batch.id,
    uai: batch.uai,
    after: { mode, counts },
  });
  return { importNumber: batch.id, mode, status: 'applied', counts, lines };
}
