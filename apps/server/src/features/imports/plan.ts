import type { imports } from '@console/contract';
import { JsonList } from '#platform/http/json-answer.js';
import type { PlanPacker } from './plan-packing.js';

/**
 * What a verified import will do, line by line: the verification builds it from the file and the
 * school, stores it with the batch (`import_batch_chunks`), and the confirmation applies it as it
 * is, so that the import does exactly what the preview showed. Secrets are encrypted in it
 * (AES-256-GCM, the users' key); staff passwords are hashed only when applied.
 */

/** An application's access as a line sets it: given (etat 1, with its credentials) or removed (etat 0). */
export type PlannedAccess = {
  applicationId: number;
  etat: 0 | 1;
  login: string | null;
  passwordEncrypted: string | null;
  keys: string | null;
};

/** An access a user holds before the import. */
export type HeldAccess = { status: number; login: string | null; passwordEncrypted: string | null; keys: string | null };

/** The user columns an import writes, as stored (names cleaned, password encrypted). */
export type PlannedFields = {
  profileId: number;
  firstname: string;
  lastname: string;
  login: string;
  passwordEncrypted: string;
  level: string | null;
  className: string | null;
  subject: string | null;
  email: string | null;
  comment: string | null;
  tabletNumber: string | null;
  adminMode: number;
};

export type PlannedCreate = {
  kind: 'create';
  line: number;
  fields: PlannedFields;
  /** Whether the password is kept encrypted (pupils, teachers) or hashed when applied (staff). */
  printable: boolean;
  options: string[];
  accesses: PlannedAccess[];
};

export type PlannedUpdate = {
  kind: 'update' | 'unchanged';
  line: number;
  userId: number;
  /** The user's login after the import, for the report. */
  login: string;
  /** Only the columns that change. */
  fields: Partial<PlannedFields>;
  printable: boolean;
  /** The options the user ends with; null when they stay as they are. */
  options: string[] | null;
  /** Only the accesses that change. */
  accesses: PlannedAccess[];
};

export type PlannedTeaching = {
  kind: 'teaching' | 'unchanged';
  line: number;
  userId: number;
  login: string;
  className: string;
  discipline: string;
};

export type PlannedLine = PlannedCreate | PlannedUpdate | PlannedTeaching;

/**
 * What an update replaced, for the rollback: each user's columns as they were (those it changed,
 * and always the import number and the last edit), the option list when it changed, and each
 * access it touched as its whole row (null: there was none).
 */
export type UpdateUndo = {
  userId: number;
  /** Stored columns by their database name. */
  columns: Record<string, unknown>;
  options: { optionId: number; name: string; ordre: number }[] | null;
  accesses: { applicationId: number; before: Record<string, unknown> | null }[];
};

/**
 * What an applied import replaced (`import_batches.undo`), for its rollback: the users and options
 * it created, and what its updates replaced (confirm/apply-updates.ts). Teaching assignments it
 * added carry its number.
 */
export type ImportUndo = {
  createdUserIds: number[];
  createdOptionIds: number[];
  updates: UpdateUndo[];
};

/** What an import replaced before it wrote anything: nothing. */
export const emptyUndo = (): ImportUndo => ({ createdUserIds: [], createdOptionIds: [], updates: [] });

/** Adds what a part of an import replaced (a step, applyLines) to what the import replaced so far. */
export function addUndo(into: ImportUndo, part: ImportUndo): void {
  into.createdUserIds.push(...part.createdUserIds);
  into.createdOptionIds.push(...part.createdOptionIds);
  into.updates.push(...part.updates);
}

/** The stored plan of a verified batch. */
export type ImportPlan = { lines: PlannedLine[] };

/**
 * The preview as the planners make it: written as JSON as it goes (a 50,000-user preview is never
 * held as objects), its users counted by action.
 */
export class PreviewList extends JsonList<imports.ImportUser> {
  readonly counts: imports.ImportCounts = { create: 0, update: 0, unchanged: 0, teaching: 0 };
  /** The milliseconds spent writing the previewed users as JSON so far. */
  writingMs = 0;
  private previewed = 0;

  /** `onLines` hears, every PREVIEW_PROGRESS_LINES lines, how many are previewed (the verification's progress). */
  constructor(private readonly onLines?: (previewed: number) => void) {
    super();
  }

  override push(user: imports.ImportUser): void {
    this.counts[user.action] += 1;
    const started = performance.now();
    super.push(user);
    this.writingMs += performance.now() - started;
    this.previewed += 1;
    if (this.onLines && this.previewed % PREVIEW_PROGRESS_LINES === 0) this.onLines(this.previewed);
  }
}

/** How often a preview being made says how far it is, in lines. */
export const PREVIEW_PROGRESS_LINES = 500;

/** A mode's planning: the plan (packed as it was made) and its preview, or the problems that stop the file. */
export type Planning = { plan: PlanPacker<PlannedLine>; preview: PreviewList; problems: imports.ImportProblem[] };
