import { auditUserChanges, writeAuditEntries } from '#platform/audit/audit.js';
import { hashPassword } from '#platform/auth/passwords.js';
import { decryptSecret, randomToken } from '#platform/auth/secrets.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { ensureOptions, optionKey, writeOptionLists } from '#features/users/options.repository.js';
import type { PlannedCreate } from '../plan.js';
import { insertImportedUsers, insertPlannedAccesses, type ImportedUserRow } from './confirm.repository.js';

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
    lines.map(async (line): Promise<ImportedUserRow> => {
      const password = await storedPasswordOf(ctx, line);
      return { ...line.fields, passwordHash: password.hash, passwordEncrypted: password.encrypted, linkToken: randomToken() };
    }),
  );
  const inserted = await insertImportedUsers(tx, batch, editor, rows);
  // Logins are unique: each new id finds its line by its login.
  const lineOfLogin = new Map(lines.map((line) => [line.fields.login, line.line]));
  const ids = new Map(inserted.map((row) => [lineOfLogin.get(row.login)!, row.id]));

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
