/**
 * Long work at hand in this process (an import file being verified, sheets being drawn), by the
 * caller who asked for it and its scope (a school), for the browser to show how far it is: the
 * work reports as it goes and ends; a poll reads the caller's own entry only. In memory: the work
 * belongs to the process that runs it (docs/deploy.md, behind a load balancer).
 *
 * An entry not advanced for `staleMs` is over (work whose reader went away may stop without
 * ending: a zip whose next files are never opened).
 */
export type ProgressHandle<P> = {
  report: (progress: P) => void;
  end: () => void;
};

type Entry<P> = { progress: P; seenAt: number };

export class ProgressBoard<P extends object> {
  private readonly entries = new Map<string, Entry<P>>();

  constructor(private readonly options: { staleMs: number; now?: () => number }) {}

  /** Work starts for a caller in a scope; a later start of the same caller and scope replaces it (and the earlier one's end leaves it). */
  start(userId: number, scope: string, initial: P): ProgressHandle<P> {
    const key = keyOf(userId, scope);
    const own: Entry<P> = { progress: { ...initial }, seenAt: this.now() };
    this.entries.set(key, own);
    return {
      report: (progress) => {
        own.progress = { ...progress };
        own.seenAt = this.now();
      },
      end: () => {
        if (this.entries.get(key) === own) this.entries.delete(key);
      },
    };
  }

  /** A copy of the caller's work at hand in the scope, or undefined when there is none. */
  of(userId: number, scope: string): P | undefined {
    const key = keyOf(userId, scope);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.seenAt > this.options.staleMs) {
      this.entries.delete(key);
      return undefined;
    }
    return { ...entry.progress };
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}

const keyOf = (userId: number, scope: string) => `${userId}\u0000${scope}`;
