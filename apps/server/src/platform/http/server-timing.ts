import type { FastifyReply } from 'fastify';

/** The milliseconds each phase of a long piece of work took, by phase name ('read', 'plan'…), in order. */
export type Phases = Record<string, number>;

/** Times the phases of a piece of work: each `lap` ends a phase begun at the last lap (or at the start). */
export class PhaseClock {
  readonly phases: Phases = {};
  private last = performance.now();

  lap(phase: string): void {
    const now = performance.now();
    this.phases[phase] = (this.phases[phase] ?? 0) + (now - this.last);
    this.last = now;
  }

  /** Names `ms` of a phase already timed as a part of its own (the plan's packing within the planning). */
  carve(from: string, part: string, ms: number): void {
    const taken = Math.min(ms, this.phases[from] ?? 0);
    this.phases[from] = (this.phases[from] ?? 0) - taken;
    this.phases[part] = (this.phases[part] ?? 0) + taken;
  }
}

const TOKEN = /^[a-z][a-z0-9-]*$/;

/**
 * Adds a request's phases to its Server-Timing header (`read;dur=12.30, plan;dur=…`), where the
 * browser's network panel and the benchmarks read them; the whole request's `app` metric is
 * added before them when the answer is sent (app.ts). A phase name that is not a plain token is
 * left out rather than break the header.
 */
export function addServerTiming(reply: FastifyReply, phases: Phases): void {
  const metrics = Object.entries(phases)
    .filter(([phase]) => TOKEN.test(phase))
    .map(([phase, ms]) => `${phase};dur=${ms.toFixed(2)}`);
  if (metrics.length === 0) return;
  const before = reply.getHeader('server-timing');
  void reply.header('server-timing', [...(before ? [String(before)] : []), ...metrics].join(', '));
}

/** The whole request's metric first, then the phases a route added (addServerTiming). */
export function withRequestTiming(reply: FastifyReply, requestMs: number): string {
  const phases = reply.getHeader('server-timing');
  return [`app;dur=${requestMs.toFixed(2)}`, ...(phases ? [String(phases)] : [])].join(', ');
}
