import { eq, sql } from 'drizzle-orm';
import { editorLabel } from '#platform/context.js';
import type { Database } from '#platform/db/client.js';
import { workflowQuotes } from '#platform/db/schema/index.js';
import type { QuoteSource, QuoteStatus } from './quote-source.js';

/** The embedded default: one row per school in `workflow_quotes`; no row reads as 'none'. */
export function createDatabaseQuoteSource(db: Database): QuoteSource {
  return {
    kind: 'database',
    async getStatus(uai) {
      const rows = await db
        .select({ status: workflowQuotes.status })
        .from(workflowQuotes)
        .where(eq(workflowQuotes.uai, uai))
        .limit(1);
      return (rows[0]?.status as QuoteStatus | undefined) ?? 'none';
    },
    async getStatuses(uais) {
      if (uais.length === 0) return new Map();
      // One parameter and one JSON text, however many schools: PGlite pays per bound parameter
      // and per decoded value (see features/workflows/workflows.repository.ts).
      const result = await db.execute<{ rows: string | null }>(sql`
        select json_object_agg(uai, status)::text as rows from ${workflowQuotes}
        where uai = any(string_to_array(${uais.join(',')}, ','))`);
      const text = result.rows[0]?.rows;
      return new Map(Object.entries(text ? (JSON.parse(text) as Record<string, QuoteStatus>) : {}));
    },
    async setStatus(executor, uai, status, author) {
      const rows = await executor
        .select({ status: workflowQuotes.status })
        .from(workflowQuotes)
        .where(eq(workflowQuotes.uai, uai))
        .for('update');
      const values = { status, modifiedAt: new Date(), modifiedById: author.id, modifiedBy: editorLabel(author) };
      await executor
        .insert(workflowQuotes)
        .values({ uai, ...values })
        .onConflictDoUpdate({ target: workflowQuotes.uai, set: values });
      return { before: (rows[0]?.status as QuoteStatus | undefined) ?? 'none' };
    },
  };
}
