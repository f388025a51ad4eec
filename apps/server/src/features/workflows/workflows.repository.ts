import { PROFILES } from '@console/contract';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { schoolScopeCondition } from '#platform/auth/access.js';
import type { Actor } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { workflowEvents, workflowItems } from '#platform/db/schema/index.js';

export type StepRow = { id: number; label: string; orderInLevel: number };
export type SubStepRow = { id: number; uai: string; parentId: number; label: string; orderInLevel: number };
export type EventRow = {
  id: number;
  uai: string;
  itemId: number;
  statusId: number;
  comment: string | null;
  modifiedAt: Date;
  modifiedBy: string | null;
};

/** Which schools a read covers, as a condition on a UAI column (set-based: one query for all). */
export type SchoolFilter = (uaiColumn: SQL | AnyColumn) => SQL;

export const oneSchool =
  (uai: string): SchoolFilter =>
  (column) =>
    sql`${column} = ${uai}`;

/**
 * The listed schools, as one bound parameter: thousands of `in ($1, $2, ...)` parameters cost
 * PGlite more than the query itself. UAIs hold no comma (7 digits and a letter).
 */
export const someSchools =
  (uais: string[]): SchoolFilter =>
  (column) =>
    sql`${column} = any(string_to_array(${uais.join(',')}, ','))`;

export const schoolsInScope =
  (actor: Actor): SchoolFilter =>
  (column) =>
    schoolScopeCondition(actor, column);

/**
 * Rows read as one JSON text (`json_agg`), parsed here: PGlite decodes a large result row by
 * row and value by value, which took 5-10× longer than one JSON string for 15,000 events
 * (bench/workflows.bench.ts); PostgreSQL is indifferent. `query` must select one text column
 * named `rows` holding a JSON array.
 */
async function readJsonRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute<{ rows: string | null }>(query);
  const text = result.rows[0]?.rows;
  return text ? (JSON.parse(text) as T[]) : [];
}

function parseArray<T>(text: string | null | undefined): T[] {
  return text ? (JSON.parse(text) as T[]) : [];
}

export type WorkflowRows = { steps: StepRow[]; subSteps: SubStepRow[]; events: EventRow[] };

type RowsColumns = { steps: string | null; sub_steps: string | null; events: string | null };

/**
 * The three JSON columns of a workflow read: the 13 global steps in order, the schools' sub-steps
 * in display order, and their events (steps' and sub-steps'), each row a JSON object named as
 * its TypeScript row, so that a column added or moved cannot shift the others. Event dates travel
 * as epoch milliseconds: a JSON timestamp's text would depend on the session's time zone.
 */
function rowsColumns(filter: SchoolFilter): SQL {
  return sql`
      (select json_agg(json_build_object('id', id, 'label', label, 'orderInLevel', order_in_level) order by order_in_level, id)
        from ${workflowItems} where level = 1)::text as steps,
      (select json_agg(json_build_object('id', id, 'uai', uai, 'parentId', parent_id, 'label', label, 'orderInLevel', order_in_level)
          order by uai, parent_id, order_in_level, id)
        from ${workflowItems} where level = 2 and ${filter(workflowItems.uai)})::text as sub_steps,
      (select json_agg(json_build_object('id', id, 'uai', uai, 'itemId', item_id, 'statusId', status_id, 'comment', comment,
          'modifiedAt', floor(extract(epoch from modified_at) * 1000), 'modifiedBy', modified_by))
        from ${workflowEvents} where ${filter(workflowEvents.uai)})::text as events`;
}

/** An event as its JSON object carries it: the date as epoch milliseconds. */
type EventJson = Omit<EventRow, 'modifiedAt'> & { modifiedAt: number };

function parseRows(row: RowsColumns | undefined): WorkflowRows {
  return {
    steps: parseArray<StepRow>(row?.steps),
    subSteps: parseArray<SubStepRow>(row?.sub_steps),
    events: parseArray<EventJson>(row?.events).map((event) => ({ ...event, modifiedAt: new Date(event.modifiedAt) })),
  };
}

/** Everything the workflows of the filtered schools are made of, in one round trip. */
export async function listWorkflowRows(db: Executor, filter: SchoolFilter): Promise<WorkflowRows> {
  const result = await db.execute<RowsColumns>(sql`select ${rowsColumns(filter)}`);
  return parseRows(result.rows[0]);
}

/**
 * Locks the school's row for the transaction (serialises its workflow writes) and reads its
 * workflow rows, in one round trip; null when the school does not exist.
 */
export async function lockWorkflowRows(tx: Executor, uai: string): Promise<WorkflowRows | null> {
  const result = await tx.execute<RowsColumns & { found: number }>(sql`
    with locked as (select uai from schools where uai = ${uai} for update)
    select (select count(*) from locked)::int as found, ${rowsColumns(oneSchool(uai))}`);
  const row = result.rows[0];
  return row && row.found > 0 ? parseRows(row) : null;
}

/** The caller's schools with at least one pupil (Effectif > 0): the rows of the global grid. */
export async function listMonitoredSchools(db: Executor, actor: Actor): Promise<{ uai: string; name: string }[]> {
  return readJsonRows<{ uai: string; name: string }>(
    db,
    sql`select json_agg(json_build_object('uai', s.uai, 'name', s.name) order by s.name, s.uai)::text as rows
      from schools s
      where ${schoolScopeCondition(actor, sql`s.uai`)}
        and exists (select 1 from users u where u.uai = s.uai and u.profile_id = ${PROFILES.Eleve})`,
  );
}

/** Locks the school's row for the transaction (serialises its writes); false when it does not exist. */
export async function lockSchool(tx: Executor, uai: string): Promise<boolean> {
  const result = await tx.execute(sql`select uai from schools where uai = ${uai} for update`);
  return result.rows.length > 0;
}

export type EventValues = {
  uai: string;
  itemId: number;
  statusId: number;
  comment: string | null;
  modifiedAt: Date;
  modifiedById: number;
  modifiedBy: string;
};

/** Sets the school's event of an item (one per school and item); answers its id. */
export async function upsertEvent(tx: Executor, values: EventValues): Promise<number> {
  const { uai, itemId, ...changes } = values;
  const [row] = await tx
    .insert(workflowEvents)
    .values({ uai, itemId, ...changes })
    .onConflictDoUpdate({ target: [workflowEvents.uai, workflowEvents.itemId], set: changes })
    .returning({ id: workflowEvents.id });
  return row!.id;
}

export async function insertSubStep(
  tx: Executor,
  values: { uai: string; parentId: number; label: string; orderInLevel: number },
): Promise<number> {
  const [row] = await tx
    .insert(workflowItems)
    .values({ ...values, level: 2 })
    .returning({ id: workflowItems.id });
  return row!.id;
}

export async function renameSubStep(tx: Executor, id: number, label: string): Promise<void> {
  await tx
    .update(workflowItems)
    .set({ label })
    .where(and(eq(workflowItems.id, id), eq(workflowItems.level, 2)));
}

/** Deletes a sub-step; its event goes with it (foreign key cascade). */
export async function deleteSubStep(tx: Executor, id: number): Promise<void> {
  await tx.delete(workflowItems).where(and(eq(workflowItems.id, id), eq(workflowItems.level, 2)));
}
