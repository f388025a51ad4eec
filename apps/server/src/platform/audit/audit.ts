import type { Actor } from '../context.js';
import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

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

/** Writes one audit-log row, in the caller's transaction when given one. */
export async function writeAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorLabel: entry.actor ? `${entry.actor.firstname} ${entry.actor.lastname}` : 'system',
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    uai: entry.uai ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
