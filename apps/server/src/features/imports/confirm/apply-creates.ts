import { sql } from 'drizzle-orm';
import { auditUserChanges, writeAuditEntries } from '#platform/audit/audit.js';
import { hashPassword } from '#platform/auth/passwords.js';
import { decryptSecret, randomToken } from '#platform/auth/secrets.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { ensureOptions, optionKey, writeOptionLists } from '#features/users/options.repository.js';
import type { PlannedAccess, PlannedCreate } from '../plan.js';
import { jsonRows } from '#platform/db/params.js';

/**
 * Writes some users' given accesses (etat 1), one statement: inserted for new users (`fresh`),
 * else inserted or replaced (an update's access already held keeps its token status).
 */
export async function insertPlannedAccesses(
  tx: Executor,
  rows: readonly { userId: number; access: PlannedAccess }[],
  { fresh }: { fresh: boolean },
): Promise<void> {
  const given = rows.filter((row) => row.access.etat === 1).map(({ userId, access }) => ({ userId, ...access }));
  if (given.length === 0) return;
  const upsert = fresh
    ? sql``
    : sql`on conflict (user_id, application_id) do update set
      status = 1, login = excluded.login, password_encrypted = excluded.password_encrypted, keys = excluded.keys`;
  await tx.execute(sql`
    insert into user_applications (user_id, application_id, status, login, password_encrypted, keys)
    select r."userId", r."applicationId", 1, r.login, r."passwordEncrypted", r.keys
    from json_to_recordset(${jsonRows(given)}) as r("userId" int, "applicationId" int, login text, "passwordEncrypted" text, keys text)
    ${upsert}`);
}

/** Staff passwords (never printed) hashed, printable ones kept encrypted: the stored password columns of a new user. */
async function storedPasswordOf(
  ctx: ServiceContext,
  line: PlannedCreate,
): Promise<{ hash: string | null; encrypted: string | null }> {
  if (line.printable) return { hash: null, encrypted: line.fields.passwordEncrypted };
  return { hash: await hashPassword(decryptSecret(ctx.env.encryptionKey, line.fields.passwordEncrypted)), encrypted: null };
}

/**
 * Creates the planned users of an import in the caller's transaction: one insert for the users
 * (with the import number), one for their options, one for their accesses, one for the audit
 * entries. Answers the new ids by line, and the options it created (for the rollback).
 */
export async function applyCreates(
  tx: Executor,
  ctx: ServiceContext,
  batch: { id: number; uai: string },
  lines: readonly PlannedCreate[],
): Promise<{ ids: Map<number, number>; createdOptionIds: number[] }> {
  if (lines.length === 0) return { ids: new Map(), createdOptionIds: [] };
  const editor = editorLabel(ctx.actor);
  const rows = await Promise.all(
    lines.map(async (line) => {
      const password = await storedPasswordOf(ctx, line);
      return { ...line.fields, passwordHash: password.hash, passwordEncrypted: password.encrypted, linkToken: randomToken() };
    }),
  );
  const inserted = await tx.execute<{ id: number; login: string }>(sql`
    insert into users (uai, profile_id, firstname, lastname, login, password_hash, password_encrypted, level, class_name, subject,
      email, comment, tablet_number, admin_mode, import_number, link_token, created_by)
    select ${batch.uai}, r."profileId", r.firstname, r.lastname, r.login, r."passwordHash", r."passwordEncrypted", r.level, r."className",
      r.subject, r.email, r.comment, r."tabletNumber", r."adminMode", ${batch.id}, r."linkToken", ${editor}
    from json_to_recordset(${jsonRows(rows)}) as r("profileId" int, firstname text, lastname text, login text,
      "passwordHash" text, "passwordEncrypted" text, level text, "className" text, subject text, email text, comment text,
      "tabletNumber" text, "adminMode" smallint, "linkToken" text)
    returning id, login`);
  // Logins are unique: each new id finds its line by its login.
  const lineOfLogin = new Map(lines.map((line) => [line.fields.login, line.line]));
  const ids = new Map(inserted.rows.map((row) => [lineOfLogin.get(row.login)!, row.id]));

  const ensured = await ensureOptions(
    tx,
    lines.flatMap((line) => line.options.map((name) => ({ uai: batch.uai, name }))),
  );
  await writeOptionLists(
    tx,
    lines.map((line) => ({
      id: ids.get(line.line)!,
      before: [],
      after: line.options.map((name, index) => ({
        optionId: ensured.ids.get(optionKey(batch.uai, name))!,
        name,
        ordre: index + 1,
      })),
    })),
  );
  await insertPlannedAccesses(
    tx,
    lines.flatMap((line) => line.accesses.map((access) => ({ userId: ids.get(line.line)!, access }))),
    { fresh: true },
  );
  await writeAuditEntries(
    tx,
    auditUserChanges(
      ctx.actor,
      'import',
      lines.map((line) => {
        const { passwordEncrypted: _secret, ...fields } = line.fields;
        return {
          id: ids.get(line.line)!,
          uai: batch.uai,
          after: {
            importNumber: batch.id,
            ...fields,
            options: line.options,
            applications: line.accesses.map((access) => ({
              applicationId: access.applicationId,
              login: access.login,
              keys: access.keys,
            })),
            // The password is named, never written.
            passwordSet: true,
          },
        };
      }),
    ),
  );
  return { ids, createdOptionIds: ensured.createdIds };
}
