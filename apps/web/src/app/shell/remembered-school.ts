/**
 * The school last made active in this tab, kept for views whose address names no school (a
 * reload of the overview keeps the school menu group). Per tab and per user: another person
 * signing in here starts from their own school. Never throws (private browsing may refuse storage).
 */
const KEY = 'console.activeSchool';

export function readRememberedSchool(userId: number, storage: Storage = window.sessionStorage): string | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { userId: storedUserId, uai } = stored as Record<string, unknown>;
    return storedUserId === userId && typeof uai === 'string' ? uai : null;
  } catch {
    return null;
  }
}

export function rememberSchool(userId: number, uai: string | null, storage: Storage = window.sessionStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify({ userId, uai }));
  } catch {
    // Storage refused: a reload forgets the school, nothing worse.
  }
}
