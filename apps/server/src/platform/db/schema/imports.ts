import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * An import file once verified (spec 3 §3, §7): its number is the import number users carry. The
 * verification stores what each line will do (its plan, in `import_batch_chunks`); the
 * confirmation applies it and keeps what it replaced (`undo`). Status: verified,
 * then applied or cancelled; an applied one may be rolled back (`rolled_back`, at `rolled_back_at`;
 * `decided_at` stays the date it was applied).
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: serial('id').primaryKey(),
    uai: varchar('uai', { length: 8 })
      .notNull()
      .references(() => schools.uai, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('verified'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
    undo: jsonb('undo'),
    counts: jsonb('counts'),
  },
  (table) => [index('import_batches_uai_idx').on(table.uai, table.createdAt)],
);

/**
 * A verified batch's plan (the server's planned lines, with secrets encrypted), 1,000 lines a
 * chunk: stored and read back whole, never queried, so serialised by V8 and deflated, in base64
 * (see packPlan; a 10,000-line plan is 13 MiB of JSON: as one jsonb value it took a second to
 * store and PGlite's memory grew by a gigabyte for 50,000 lines; as JSON text, 0.4 s to store,
 * most of it PostgreSQL cutting 13 MiB into TOAST rows; deflated, a few MiB; text rather than
 * bytea, which PGlite writes ten times slower). Its storage is EXTERNAL (migration 0014):
 * PostgreSQL does not try to compress it again. Dropped once the batch is applied or cancelled.
 */
export const importBatchChunks = pgTable(
  'import_batch_chunks',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    chunk: integer('chunk').notNull(),
    packed: text('packed').notNull(),
  },
  (table) => [primaryKey({ columns: [table.batchId, table.chunk] })],
);

/**
 * What each committed step of a confirmation in steps replaced (features/imports/confirm/
 * apply-in-steps.ts), a row a step, so that a step adds its own part rather than rewriting the
 * whole (which grew with every step: 50,000 lines rewrote it 250 times). Read back when a later
 * step fails or a stop interrupted the confirmation; dropped once the batch is decided again,
 * the whole then in `import_batches.undo`.
 */
export const importBatchUndoSteps = pgTable(
  'import_batch_undo_steps',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    undo: jsonb('undo').notNull(),
  },
  (table) => [primaryKey({ columns: [table.batchId, table.step] })],
);

/** Who teaches what in which class (the teaching import; the user page's teaching section). */
export const teachingAssignments = pgTable(
  'teaching_assignments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    className: text('class_name').notNull(),
    discipline: text('discipline').notNull(),
    importNumber: integer('import_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.className, table.discipline] })],
);
