import { ApiError } from '#lib/api';

/**
 * A workflow save the server did not apply. `isRefused`: it answered 400 with `data.errors`, the
 * messages to show as a warning (spec 1 §8); otherwise `messages` is the error's list, maybe empty.
 */
export class WorkflowSaveError extends Error {
  readonly status: number;
  readonly messages: string[];
  readonly isRefused: boolean;

  constructor(status: number, messages: string[], isRefused: boolean) {
    super(messages.join(' ') || `workflow save failed (${status})`);
    this.name = 'WorkflowSaveError';
    this.status = status;
    this.messages = messages;
    this.isRefused = isRefused;
  }
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

/**
 * The error of a failed save from its answer's status and JSON body: `data.errors` (or a bare
 * `errors`) when present — a refusal on a 400 —, else the validation messages by field.
 */
export function saveErrorOf(status: number, body: unknown): WorkflowSaveError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const data = typeof record.data === 'object' && record.data !== null ? (record.data as Record<string, unknown>) : {};
  const listed = [...stringsOf(data.errors), ...stringsOf(record.errors)];
  if (listed.length > 0) return new WorkflowSaveError(status, listed, status === 400);
  const details =
    typeof record.details === 'object' && record.details !== null ? (record.details as Record<string, unknown>) : {};
  const fieldErrors =
    typeof details.fieldErrors === 'object' && details.fieldErrors !== null ? Object.values(details.fieldErrors) : [];
  return new WorkflowSaveError(status, fieldErrors.flatMap(stringsOf), false);
}

/** The messages of anything a workflow call threw: its errors list, or none (then the generic message). */
export function messagesOfError(error: unknown): string[] {
  if (error instanceof WorkflowSaveError) return error.messages;
  if (error instanceof ApiError) return Object.values(error.fieldErrors).flat();
  return [];
}
