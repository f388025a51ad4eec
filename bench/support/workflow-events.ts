import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/platform/db/client.js';

/**
 * Gives every school of a seed:large database some workflow progress, set-based (a few
 * statements, whatever the number of schools): events on about 60% of the steps, two sub-steps
 * under 'Déploiement' for a third of the schools, a comment now and then, and a quote status for
 * half of them. Does nothing when events exist already. Answers the rows written.
 */
export async function seedBenchWorkflowEvents(db: Database): Promise<{ events: number; subSteps: number; quotes: number }> {
  const existing = await db.execute<{ present: boolean }>(sql`select exists (select 1 from workflow_events) as present`);
  if (existing.rows[0]?.present) return { events: 0, subSteps: 0, quotes: 0 };
  return db.transaction(async (tx) => {
    const events = await tx.execute(sql`
      insert into workflow_events (uai, item_id, status_id, comment, modified_at, modified_by)
      select s.uai, i.id, (array[1, 1, 2, 5])[1 + floor(random() * 4)::int],
        case when random() < 0.1 then 'Relancé par téléphone' end,
        now() - random() * interval '90 days', 'Bench Gestionnaire'
      from schools s cross join workflow_items i
      where i.level = 1 and i.label <> 'Devis signé' and random() < 0.6`);
    const subSteps = await tx.execute(sql`
      insert into workflow_items (uai, parent_id, level, label, order_in_level)
      select s.uai, d.id, 2, n.label, n.position
      from schools s
      cross join (select id from workflow_items where level = 1 and label = 'Déploiement') d
      cross join (values ('Tablettes', 1), ('Comptes ENT', 2)) as n(label, position)
      where hashtext(s.uai) % 3 = 0`);
    await tx.execute(sql`
      insert into workflow_events (uai, item_id, status_id, modified_at, modified_by)
      select i.uai, i.id, (array[1, 2])[1 + floor(random() * 2)::int], now() - random() * interval '30 days', 'Bench Gestionnaire'
      from workflow_items i where i.level = 2`);
    const quotes = await tx.execute(sql`
      insert into workflow_quotes (uai, status)
      select uai, (array['pending', 'signed', 'signed', 'refused'])[1 + floor(random() * 4)::int]
      from schools where random() < 0.5`);
    const count = (result: { rowCount?: number | null; affectedRows?: number }) => result.rowCount ?? result.affectedRows ?? 0;
    return { events: count(events), subSteps: count(subSteps), quotes: count(quotes) };
  });
}
