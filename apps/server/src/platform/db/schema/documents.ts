import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * The document manager's files (spec 3 §2.7; features/documents/README.md). The bytes are in the
 * file storage under `key`; a row is written once they are there and their type checked, and its
 * deletion deletes them too.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    /** The type the bytes showed when registered. */
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Who uploaded it, as they were (no key: a document outlives its uploader's account). */
    uploadedById: integer('uploaded_by_id'),
    uploaderFirstname: text('uploader_firstname').notNull(),
    uploaderLastname: text('uploader_lastname').notNull(),
    uploaderProfile: text('uploader_profile').notNull(),
    /** For every school (an Administrateur's ['all']), rather than those of `document_schools`. */
    allSchools: boolean('all_schools').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('documents_uploaded_by_idx').on(table.uploadedById)],
);

/** The schools a document is for. Gone with the document or the school. */
export const documentSchools = pgTable(
  'document_schools',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    uai: varchar('uai', { length: 8 })
      .notNull()
      .references(() => schools.uai, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.uai] }), index('document_schools_uai_idx').on(table.uai)],
);

/**
 * The users a document is assigned to (`PATCH /users/files`), beside its schools: they see it on
 * their page. Gone with the document or the user.
 */
export const documentUsers = pgTable(
  'document_users',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.userId] }), index('document_users_user_idx').on(table.userId)],
);

/**
 * The upload tickets given for documents and not yet registered: only the user a ticket was given
 * to registers its key, the store's room counts the bytes announced, and a key still here after
 * its ticket expired is swept from the store (an upload never registered).
 */
export const documentUploads = pgTable(
  'document_uploads',
  {
    key: text('key').primaryKey(),
    /** Null once that user is deleted: the ticket stays, so that its file is swept when it expires. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The type the file was announced as: the ticket allowed that Content-Type only. */
    type: text('type').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('document_uploads_expires_idx').on(table.expiresAt)],
);
