/** What the platforms' and applications' forms share: the order's check and the name's uniqueness. */

export const ORDER_NUMBER = 'settings.errors.order_number';

/** Whether an order typed is a whole number (the schema then stores 0 or below as 0). */
export function orderProblem(value: string): string | null {
  return /^-?\d+$/.test(value.trim()) ? null : ORDER_NUMBER;
}

/** Whether another entry already has this name, case and surrounding spaces ignored. */
export function isNameTaken(others: readonly { name: string }[], name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return others.some((other) => other.name.trim().toLowerCase() === wanted);
}
