import { REQUIRED } from '@console/contract';
import type { BulkUpdate } from '@console/contract';
import { auditUserChanges, type AuditEntry } from '#platform/audit/audit.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { validationError } from '#platform/errors/app-error.js';
import type { UserRecord } from '#platform/auth/access.js';
import { applyOptionChange, type BulkOutcome, type OptionChange } from './users-bulk.policy.js';
import { markUsersEdited } from './users-bulk.repository.js';
import {
  ensureOptions,
  findOptionsByName,
  listOptionLists,
  optionKey,
  writeOptionLists,
  type OptionEntry,
} from '../options.repository.js';
import { buildOptionsUndo } from './users-undo.policy.js';

type OptUpdate = Extract<BulkUpdate, { type: 'opt' }>;

export const NO_SCHOOL = 'users.errors.no_school';

/** The option lists' audit entries: names in order, before and after. */
export function auditOptionLists(
  ctx: ServiceContext,
  action: string,
  changes: readonly { user: Pick<UserRecord, 'id' | 'uai'>; before: readonly OptionEntry[]; after: readonly OptionEntry[] }[],
): AuditEntry[] {
  return auditUserChanges(
    ctx.actor,
    action,
    changes.map((change) => ({
      id: change.user.id,
      uai: change.user.uai,
      before: { options: change.before.map((entry) => entry.name) },
      after: { options: change.after.map((entry) => entry.name) },
    })),
  );
}

/** The change each school's users get: the option ids by school, created where the change needs one. */
async function resolveChanges(
  tx: Executor,
  update: OptUpdate,
  uais: string[],
  lists: Map<number, OptionEntry[]>,
  selected: readonly UserRecord[],
): Promise<{ changeOf: (uai: string) => OptionChange | null; createdIds: number[] }> {
  const target = update.value.optionCible;
  if (update.column === 'delete') {
    const existing = await findOptionsByName(tx, uais, target);
    return {
      changeOf: (uai) => (existing.has(uai) ? { action: 'delete', target: { id: existing.get(uai)!, name: target } } : null),
      createdIds: [],
    };
  }
  if (update.column === 'insert') {
    const ensured = await ensureOptions(
      tx,
      uais.map((uai) => ({ uai, name: target })),
    );
    return {
      changeOf: (uai) => ({ action: 'insert', target: { id: ensured.ids.get(optionKey(uai, target))!, name: target } }),
      createdIds: ensured.createdIds,
    };
  }
  const source = update.value.optionSource;
  if (source === undefined) throw validationError({ 'value.optionSource': [REQUIRED] });
  const sources = await findOptionsByName(tx, uais, source);
  // The target is created only in the schools where some selected user has the source.
  const needed = uais.filter((uai) =>
    selected.some((user) => user.uai === uai && lists.get(user.id)!.some((entry) => entry.optionId === sources.get(uai))),
  );
  const ensured = await ensureOptions(
    tx,
    needed.map((uai) => ({ uai, name: target })),
  );
  return {
    changeOf: (uai) =>
      needed.includes(uai)
        ? {
            action: 'update',
            sourceId: sources.get(uai)!,
            target: { id: ensured.ids.get(optionKey(uai, target))!, name: target },
          }
        : null,
    createdIds: ensured.createdIds,
  };
}

/**
 * An option change (insert, update, delete) on the selected users, options found by name in
 * each user's school. Throws `validation_failed` when a selected user has no school (no options).
 */
export async function changeOptions(
  tx: Executor,
  ctx: ServiceContext,
  selected: readonly UserRecord[],
  update: OptUpdate,
): Promise<BulkOutcome> {
  if (selected.some((user) => user.uai === null)) throw validationError({ ids: [NO_SCHOOL] });
  const ids = selected.map((user) => user.id);
  const uais = [...new Set(selected.map((user) => user.uai!))];
  const lists = await listOptionLists(tx, ids);
  const { changeOf, createdIds } = await resolveChanges(tx, update, uais, lists, selected);
  const changes = selected.flatMap((user) => {
    const change = changeOf(user.uai!);
    const before = lists.get(user.id)!;
    const after = change ? applyOptionChange(before, change) : null;
    return after ? [{ user, before, after }] : [];
  });
  await writeOptionLists(
    tx,
    changes.map((change) => ({ id: change.user.id, before: change.before, after: change.after })),
  );
  await markUsersEdited(
    tx,
    changes.map((change) => change.user.id),
    editorLabel(ctx.actor),
  );
  return {
    payload: buildOptionsUndo(
      changes.map((change) => ({ id: change.user.id, before: change.before, after: change.after })),
      createdIds,
    ),
    audit: auditOptionLists(ctx, 'bulk_update', changes),
  };
}
