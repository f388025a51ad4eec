import type { FieldErrors } from '#lib/api';

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * The first message key of each field of the add-school forms, from the contract schema's issues
 * or the server's `fieldErrors`. Both name fields by their path in the body (`uai`,
 * `state.name`, `state.idCountry`); the forms name them without `state.`.
 */
export function schoolFieldMessages(source: readonly Issue[] | FieldErrors): Record<string, string> {
  const pairs: [string, string | undefined][] = Array.isArray(source)
    ? (source as readonly Issue[]).map((issue) => [issue.path.map(String).join('.'), issue.message])
    : Object.entries(source as FieldErrors).map(([path, messages]) => [path, messages[0]]);
  const result: Record<string, string> = {};
  for (const [path, message] of pairs) {
    if (message === undefined) continue;
    result[path.replace(/^state\./, '')] ??= message;
  }
  return result;
}
