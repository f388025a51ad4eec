import { sql } from 'drizzle-orm';
import { auditUserChanges, writeAuditEntries } from '#platform/audit/audit.js';
import { hashPassword } from '#platform/auth/passwords.js';
import { decryptSecret } from '#platform/auth/secrets.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { ensureOptions, listOptionLists, optionKey, writeOptionLists } from '#features/users/options.repository.js';
import { STORED_COLUMN, type SchoolUserRow } from '../imports.repository.js';

/** A user an update import changes, locked, as they were before it. */
export type LockedUser = SchoolUserRow & { password_hash: string | null; updated_at: string | null; updated_by: string | null };
import type { PlannedFields, PlannedUpdate, UpdateUndo } from '../plan.js';
import { insertPlannedAccesses } from './apply-creates.js';
import { jsonRows } from '#platform/db/params.js';

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
    changed.map(async (line) => {
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
  await tx.execute(sql`
    update users u set
      profile_id = coalesce(r."profileId", u.profile_id), firstname = coalesce(r.firstname, u.firstname),
      lastname = coalesce(r.lastname, u.lastname), login = coalesce(r.login, u.login), level = coalesce(r.level, u.level),
      class_name = coalesce(r."className", u.class_name), subject = coalesce(r.subject, u.subject), email = coalesce(r.email, u.email),
      comment = coalesce(r.comment, u.comment), tablet_number = coalesce(r."tabletNumber", u.tablet_number),
      admin_mode = coalesce(r."adminMode", u.admin_mode), password_encrypted = coalesce(r."passwordEncrypted", u.password_encrypted),
      password_hash = coalesce(r."passwordHash", u.password_hash), import_number = ${batch.id}, updated_at = now(), updated_by = ${editor}
    from json_to_recordset(${jsonRows(rows)}) as r(id int, "profileId" int, firstname text, lastname text, login text, level text,
      "className" text, subject text, email text, comment text, "tabletNumber" text, "adminMode" smallint, "passwordEncrypted" text,
      "passwordHash" text)
    where u.id = r.id`);

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
  const accessesBefore = await tx.execute<{ user_id: number; application_id: number; row: Record<string, unknown> }>(sql`
    select ua.user_id, ua.application_id, to_jsonb(ua) as row from user_applications ua
    join json_to_recordset(${jsonRows(accessKeys)}) as k("userId" int, "applicationId" int)
      on ua.user_id = k."userId" and ua.application_id = k."applicationId"`);
  const heldBefore = new Map(accessesBefore.rows.map((row) => [`${row.user_id}.${row.application_id}`, row.row]));
  const removed = changed.flatMap((line) =>
    line.accesses
      .filter((access) => access.etat === 0)
      .map((access) => ({ userId: line.userId, applicationId: access.applicationId })),
  );
  if (removed.length > 0) {
    await tx.execute(sql`
      delete from user_applications ua using json_to_recordset(${jsonRows(removed)}) as k("userId" int, "applicationId" int)
      where ua.user_id = k."userId" and ua.application_id = k."applicationId"`);
  }
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
        before: heldBefore.get(`${line.userId}.${access.applicationId}`) ?? null,
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
