/**
 * Waits for a condition, checked every 50 ms; fails naming `what` past `ms`. Generous by
 * default: a loaded machine is slow, and a test waits for the condition, never a fixed time.
 */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
