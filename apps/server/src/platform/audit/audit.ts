import { sql } from 'drizzle-orm';
import { editorLabel, type Actor } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { auditLog } from '#platform/db/schema/index.js';

export type AuditEntry = {
  actor: Pick<Actor, 'id' | 'firstname' | 'lastname'> | null;
  action: string;
  entity: string;
  entityId?: string | number;
  uai?: string | null;
  /** Never a password or another secret: callers pass field names for those. */
  before?: unknown;
  after?: unknown;
};

function auditRowOf(entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    actorId: entry.actor?.id ?? null,
    actorLabel: entry.actor ? editorLabel(entry.actor) : 'system',
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    uai: entry.uai ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}

/** One user's change as the audit log records it: before and after, never a secret. */
export type UserChange = { id: number; uai: string | null; before?: unknown; after?: unknown };

/** The audit entries of one action on several users (a bulk change, a delete, a restore...), one a user. */
export function auditUserChanges(actor: AuditEntry['actor'], action: string, changes: readonly UserChange[]): AuditEntry[] {
  return changes.map(({ id, uai, before, after }) => ({ actor, action, entity: 'user', entityId: id, uai, before, after }));
}

/** Writes one audit-log row, in the caller's transaction when given one. */
export async function writeAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values(auditRowOf(entry));
}

/**
 * Writes many audit-log rows in one statement (a bulk change on 5,000 users is one insert, not
 * 5,000), in the caller's transaction when given one. The rows travel as one json parameter:
 * binding eight parameters per row cost several times more here.
 */
export async function writeAuditEntries(executor: Executor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = JSON.stringify(entries.map(auditRowOf));
  await executor.execute(sql`
    insert into audit_log (actor_id, actor_label, action, entity, entity_id, uai, before, after)
    select r."actorId", r."actorLabel", r.action, r.entity, r."entityId", r.uai, r.before, r.after
    from json_to_recordset(${rows}::json)
      as r("actorId" int, "actorLabel" text, action text, entity text, "entityId" text, uai text, before jsonb, after jsonb)`);
}
