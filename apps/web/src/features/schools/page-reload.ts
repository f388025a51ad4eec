/** Reloads the page (after a school is created or deleted, the spec reloads the console). */
export function reloadPage(): void {
  window.location.reload();
}

/** Delay before the page reloads once a school is created (spec 1 §9). */
export const RELOAD_AFTER_CREATION_MS = 5_000;
/** Delay before the page reloads once a school is deleted, so that the toast can be read. */
export const RELOAD_AFTER_DELETION_MS = 1_500;

/** Reloads the page after `delayMs`. */
export function scheduleReload(delayMs: number): void {
  window.setTimeout(() => reloadPage(), delayMs);
}
