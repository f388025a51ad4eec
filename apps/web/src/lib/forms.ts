import type { i18n as I18n } from 'i18next';
import type { z } from 'zod';
import type { FieldErrors } from './api';

type Issue = { path: readonly PropertyKey[]; message: string };

/** The first message of each field, from zod issues or the server's `fieldErrors`. */
export function firstMessages(source: readonly Issue[] | FieldErrors): Record<string, string> {
  const result: Record<string, string> = {};
  if (Array.isArray(source)) {
    for (const issue of source as readonly Issue[]) {
      const field = String(issue.path[0] ?? '');
      result[field] ??= issue.message;
    }
    return result;
  }
  for (const [field, messages] of Object.entries(source as FieldErrors)) {
    const [first] = messages;
    if (first !== undefined) result[field] = first;
  }
  return result;
}

/**
 * The text of a form message: contract and server messages are translation keys; anything else
 * (an unexpected server text) shows as the fallback key's text.
 */
export function translateMessage(i18n: I18n, message: string, fallbackKey = 'global.errors.occurred'): string {
  return i18n.exists(message) ? i18n.t(message) : i18n.t(fallbackKey);
}

/** The message key of the schema's first issue on one field (by its dotted path) of a candidate value, or null. */
export function issueAt(schema: z.ZodType, candidate: unknown, name: string): string | null {
  const parsed = schema.safeParse(candidate);
  return parsed.success ? null : (parsed.error.issues.find((issue) => issue.path.join('.') === name)?.message ?? null);
}
