import type { schoolSettings } from '@console/contract';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { asmPushes } from '#platform/db/schema/index.js';

/** How many files of a school's history the tab lists, newest first. */
export const ASM_HISTORY_LISTED = 50;
/** How many of a school's latest pushes keep their archive (older ones keep their name and date only). */
export const ASM_ARCHIVES_KEPT = 10;

/** The latest files a school sent, newest first (`ASM_HISTORY_LISTED` at most). */
export async function listAsmHistory(db: Executor, uai: string): Promise<schoolSettings.AsmHistoryEntry[]> {
  const rows = await db
    .select({
      id: asmPushes.id,
      pushedAt: asmPushes.pushedAt,
      filename: asmPushes.filename,
      kept: sql<boolean>`${asmPushes.archive} is not null`,
    })
    .from(asmPushes)
    .where(eq(asmPushes.uai, uai))
    .orderBy(desc(asmPushes.pushedAt), desc(asmPushes.id))
    .limit(ASM_HISTORY_LISTED);
  return rows.map((row) => ({ ...row, pushedAt: row.pushedAt.toISOString(), kept: Boolean(row.kept) }));
}

export type AsmPushRecord = {
  uai: string;
  filename: string;
  /** Who sent it; null once they are deleted. */
  pushedById: number | null;
  bytes: Buffer;
  sha256: string;
};

/**
 * Records a file sent, with its archive, then drops the archives of the school's pushes beyond
 * the latest `ASM_ARCHIVES_KEPT` (their rows stay, as history).
 */
export async function recordAsmPush(tx: Executor, record: AsmPushRecord): Promise<void> {
  await tx.insert(asmPushes).values({
    uai: record.uai,
    filename: record.filename,
    pushedById: record.pushedById,
    size: record.bytes.length,
    sha256: record.sha256,
    archive: record.bytes.toString('base64'),
  });
  const kept = tx
    .select({ id: asmPushes.id })
    .from(asmPushes)
    .where(eq(asmPushes.uai, record.uai))
    .orderBy(desc(asmPushes.pushedAt), desc(asmPushes.id))
    .limit(ASM_ARCHIVES_KEPT);
  await tx
    .update(asmPushes)
    .set({ archive: null })
    .where(and(eq(asmPushes.uai, record.uai), isNotNull(asmPushes.archive), sql`${asmPushes.id} not in (${kept})`));
}

/** A kept archive of the school's history, or undefined (unknown, another school's, or no longer kept). */
export async function findAsmArchive(
  db: Executor,
  uai: string,
  id: number,
): Promise<{ filename: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ filename: asmPushes.filename, archive: asmPushes.archive })
    .from(asmPushes)
    .where(and(eq(asmPushes.uai, uai), eq(asmPushes.id, id), isNotNull(asmPushes.archive)))
    .limit(1);
  return row && { filename: row.filename, bytes: Buffer.from(row.archive!, 'base64') };
}
