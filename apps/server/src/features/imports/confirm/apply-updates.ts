import { auditUserChanges, writeAuditEntries } from '#platform/audit/audit.js';
import { hashPassword } from '#platform/auth/passwords.js';
import { decryptSecret } from '#platform/auth/secrets.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { ensureOptions, listOptionLists, optionKey, writeOptionLists } from '#features/users/options.repository.js';
import { STORED_COLUMN } from '../imports.repository.js';
import type { PlannedFields, PlannedUpdate, UpdateUndo } from '../plan.js';
import {
  accessKeyOf,
  deleteAccesses,
  insertPlannedAccesses,
  readAccessRows,
  updateImportedUsers,
  type LockedUser,
  type UpdatedUserRow,
} from './confirm.repository.js';

/**
 * Applies the planned changes of an update import in the caller's transaction, to users already
 * locked (`locked`, as they are now): one statement for the columns (and the import number, so
 * that the grid finds the import's users), one per kind of option and access change, one for the
 * audit entries. Answers what it replaced and the options it created, for the rollback.
 */
export async function applyUpdates(
  tx: Executor,
  ctx: ServiceContext,
  batch: { id: number; uai: string },
  lines: readonly PlannedUpdate[],
  locked: ReadonlyMap<number, LockedUser>,
): Promise<{ undo: UpdateUndo[]; createdOptionIds: number[] }> {
  const changed = lines.filter((line) => line.kind === 'update');
  if (changed.length === 0) return { undo: [], createdOptionIds: [] };
  const editor = editorLabel(ctx.actor);
  const rows = await Promise.all(
    changed.map(async (line): Promise<UpdatedUserRow> => {
      const { passwordEncrypted, ...fields } = line.fields;
      const password =
        passwordEncrypted === undefined
          ? {}
          : line.printable
            ? { passwordEncrypted }
            : { passwordHash: await hashPassword(decryptSecret(ctx.env.encryptionKey, passwordEncrypted)) };
      return { id: line.userId, ...fields, ...password };
    }),
  );
  await updateImportedUsers(tx, batch.id, editor, rows);

  const withOptions = changed.filter((line) => line.options !== null);
  const optionsBefore = await listOptionLists(
    tx,
    withOptions.map((line) => line.userId),
  );
  const ensured = await ensureOptions(
    tx,
    withOptions.flatMap((line) => line.options!.map((name) => ({ uai: batch.uai, name }))),
  );
  await writeOptionLists(
    tx,
    withOptions.map((line) => ({
      id: line.userId,
      before: optionsBefore.get(line.userId) ?? [],
      after: line.options!.map((name, index) => ({
        optionId: ensured.ids.get(optionKey(batch.uai, name))!,
        name,
        ordre: index + 1,
      })),
    })),
  );

  const accessKeys = changed.flatMap((line) =>
    line.accesses.map((access) => ({ userId: line.userId, applicationId: access.applicationId })),
  );
  const heldBefore = await readAccessRows(tx, accessKeys);
  const removed = changed.flatMap((line) =>
    line.accesses
      .filter((access) => access.etat === 0)
      .map((access) => ({ userId: line.userId, applicationId: access.applicationId })),
  );
  await deleteAccesses(tx, removed);
  await insertPlannedAccesses(
    tx,
    changed.flatMap((line) => line.accesses.map((access) => ({ userId: line.userId, access }))),
    { fresh: false },
  );

  const undo = changed.map((line): UpdateUndo => {
    const user = locked.get(line.userId)!;
    const columns: UpdateUndo['columns'] = {
      import_number: user.import_number,
      updated_at: user.updated_at,
      updated_by: user.updated_by,
    };
    for (const key of Object.keys(line.fields) as (keyof PlannedFields)[]) {
      if (key === 'passwordEncrypted') {
        columns.password_encrypted = user.password_encrypted;
        columns.password_hash = user.password_hash;
      } else {
        columns[STORED_COLUMN[key]] = user[STORED_COLUMN[key]];
      }
    }
    return {
      userId: line.userId,
      columns,
      options: line.options === null ? null : (optionsBefore.get(line.userId) ?? []),
      accesses: line.accesses.map((access) => ({
        applicationId: access.applicationId,
        before: heldBefore.get(accessKeyOf({ userId: line.userId, applicationId: access.applicationId })) ?? null,
      })),
    };
  });
  await writeAuditEntries(
    tx,
    auditUserChanges(
      ctx.actor,
      'import',
      changed.map((line) => {
        const { passwordEncrypted, ...fields } = line.fields;
        const user = locked.get(line.userId)!;
        const before = Object.fromEntries(
          Object.keys(fields).map((key) => [key, user[STORED_COLUMN[key as keyof typeof STORED_COLUMN]]]),
        );
        const secret = passwordEncrypted === undefined ? {} : { passwordSet: true };
        return {
          id: line.userId,
          uai: batch.uai,
          before: {
            ...before,
            ...(line.options ? { options: (optionsBefore.get(line.userId) ?? []).map((entry) => entry.name) } : {}),
          },
          after: {
            importNumber: batch.id,
            ...fields,
            ...secret,
            ...(line.options ? { options: line.options } : {}),
            applications: line.accesses.map((access) => ({ applicationId: access.applicationId, etat: access.etat })),
          },
        };
      }),
    ),
  );
  return { undo, createdOptionIds: ensured.createdIds };
}
