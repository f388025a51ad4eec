import { users as contract } from '@console/contract';
import { z } from 'zod';

/**
 * What a bulk change's undo puts back (beyond the spec): the previous values of what changed,
 * per user — one field, the option lists, or the accesses to one application — and when the
 * undo is still allowed. Pure, so that what is captured is tested without a database.
 */

const fieldValue = z.union([z.string(), z.number(), z.null()]);
const optionEntry = z.object({ optionId: z.number().int(), name: z.string(), ordre: z.number().int() });

/** An application access as stored (the password as its ciphertext, never clear). */
export const storedAccessSchema = z.object({
  status: z.number().int(),
  login: z.string().nullable(),
  passwordEncrypted: z.string().nullable(),
  keys: z.string().nullable(),
  validToken: z.string().nullable(),
  tokenCheckedAt: z.string().nullable(),
});
export type StoredAccess = z.infer<typeof storedAccessSchema>;

export const undoPayloadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fields'),
    column: z.enum(contract.BULK_STD_COLUMNS),
    users: z.array(z.object({ id: z.number().int(), value: fieldValue })),
  }),
  z.object({
    kind: z.literal('options'),
    /** Options the change created in a school, removed again when the undo leaves them unused. */
    createdOptionIds: z.array(z.number().int()),
    users: z.array(z.object({ id: z.number().int(), options: z.array(optionEntry) })),
  }),
  z.object({
    kind: z.literal('applications'),
    applicationId: z.number().int(),
    /** null: the user had no access row before. */
    users: z.array(z.object({ id: z.number().int(), access: storedAccessSchema.nullable() })),
  }),
]);
export type UndoPayload = z.infer<typeof undoPayloadSchema>;

type Change<T> = { id: number; before: T; after: T };

/** The undo of a field change: each changed user's previous value (users left as they were are not kept). */
export function buildFieldsUndo(
  column: (typeof contract.BULK_STD_COLUMNS)[number],
  changes: readonly Change<string | number | null>[],
): UndoPayload {
  return {
    kind: 'fields',
    column,
    users: changes.filter((change) => change.before !== change.after).map((change) => ({ id: change.id, value: change.before })),
  };
}

type OptionList = z.infer<typeof optionEntry>[];

const sameOptions = (left: OptionList, right: OptionList) =>
  left.length === right.length &&
  left.every((entry, index) => entry.optionId === right[index]!.optionId && entry.ordre === right[index]!.ordre);

/** The undo of an option change: each changed user's previous list, and the options the change created. */
export function buildOptionsUndo(changes: readonly Change<OptionList>[], createdOptionIds: readonly number[]): UndoPayload {
  return {
    kind: 'options',
    createdOptionIds: [...createdOptionIds],
    users: changes
      .filter((change) => !sameOptions(change.before, change.after))
      .map((change) => ({ id: change.id, options: change.before })),
  };
}

const sameAccess = (left: StoredAccess | null, right: StoredAccess | null) =>
  left === right ||
  (left !== null &&
    right !== null &&
    (Object.keys(storedAccessSchema.shape) as (keyof StoredAccess)[]).every((key) => left[key] === right[key]));

/** The undo of an application change: each changed user's previous access (null when they had none). */
export function buildApplicationsUndo(applicationId: number, changes: readonly Change<StoredAccess | null>[]): UndoPayload {
  return {
    kind: 'applications',
    applicationId,
    users: changes
      .filter((change) => !sameAccess(change.before, change.after))
      .map((change) => ({ id: change.id, access: change.before })),
  };
}

/** The users an undo touches. */
export function usersOfUndo(payload: UndoPayload): number[] {
  return payload.users.map((user) => user.id);
}

/** When an undo given at `now` stops being allowed. */
export function undoExpiryOf(now: Date): Date {
  return new Date(now.getTime() + contract.UNDO_WINDOW_SECONDS * 1000);
}

export type UndoEntryState = 'usable' | 'unknown' | 'expired';

/** Whether the caller may use an undo entry: theirs (anyone else's reads as unknown) and not expired. */
export function undoEntryStateOf(
  entry: { actorId: number; expiresAt: Date } | undefined,
  actorId: number,
  now: Date,
): UndoEntryState {
  if (!entry || entry.actorId !== actorId) return 'unknown';
  return entry.expiresAt.getTime() > now.getTime() ? 'usable' : 'expired';
}
