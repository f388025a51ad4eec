import type { z } from 'zod';

/** What the platforms' and applications' forms share: the order's check, and a field's problem by the contract's schema. */

export const ORDER_NUMBER = 'settings.errors.order_number';

/** Whether an order typed is a whole number (the schema then stores 0 or below as 0). */
export function orderProblem(value: string): string | null {
  return /^-?\d+$/.test(value.trim()) ? null : ORDER_NUMBER;
}

/** The message key of the schema's first issue on one field (by its dotted path) of a candidate entry, or null. */
export function issueAt(schema: z.ZodType, candidate: unknown, name: string): string | null {
  const parsed = schema.safeParse(candidate);
  return parsed.success ? null : (parsed.error.issues.find((issue) => issue.path.join('.') === name)?.message ?? null);
}

/** Whether another entry already has this name, case and surrounding spaces ignored. */
export function isNameTaken(others: readonly { name: string }[], name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return others.some((other) => other.name.trim().toLowerCase() === wanted);
}
