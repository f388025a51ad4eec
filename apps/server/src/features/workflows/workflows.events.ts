import { clientEvents, hasUaiShape, type workflows, type ClientEventName, type ClientEventPayload } from '@console/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { listReachableUais } from '#platform/auth/access.js';
import type { AppDeps } from '#platform/context.js';
import { schoolRoom, type RealtimeHub } from '#platform/realtime/realtime.js';
import { canFollowWorkflows } from './workflows.policy.js';
import { loadWorkflows, type WorkflowContext, type WorkflowDeps } from './workflows.service.js';

/**
 * How long a socket keeps the workflows it prepared. The grid asks for each school right after
 * 'workflow.ready'; a room broadcast drops the school's entry, so a buffered answer is never
 * older than the last change this socket was sent.
 */
const BUFFER_TTL_MS = 30_000;

/** Quote-status reads in flight per socket. */
const QUOTE_READS_PER_SOCKET = 8;

/** Runs tasks at most `concurrency` at a time, in arrival order. */
function createLimiter(concurrency: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

type SocketState = {
  /** UAIs this socket prepared and reaches (its rooms). */
  reachable: Set<string>;
  buffer: Map<string, workflows.SchoolWorkflow>;
  /** The prepare in progress, awaited by the requests sent before its 'workflow.ready'. */
  preparing: Promise<unknown>;
  expiry: NodeJS.Timeout | undefined;
};

/** A UAI as the routes' parameters read it (uaiFieldSchema); anything not of its shape names no school. */
function normaliseUai(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * Registers one handler per client event: payloads are checked with the contract's schema and
 * bad ones ignored; a handler's failure is logged, never thrown (a rejected listener would end
 * the process). A caller without a workflow right gets no handler at all.
 */
function on<E extends ClientEventName>(
  socket: Socket,
  log: FastifyBaseLogger,
  event: E,
  handler: (payload: ClientEventPayload<E>) => Promise<void>,
): void {
  const name: string = event;
  socket.on(name, (raw: unknown) => {
    const parsed = clientEvents[event].safeParse(raw);
    if (!parsed.success) return;
    handler(parsed.data as ClientEventPayload<E>).catch((error: unknown) => {
      log.error({ err: error, event, userId: socket.data.actor.id }, 'workflow socket handler failed');
    });
  });
}

/**
 * The workflow protocol of spec 1 §7 on every connection:
 * - 'workflow.prepare' {uais}: keeps the reachable schools (one scoped query), joins their rooms,
 *   loads all their workflows in two set-based reads into a short-lived per-socket buffer,
 *   answers 'workflow.ready' {uais} with the reachable ones;
 * - 'workflow.uai' {uai}: answers 'workflow.uai.data' from the buffer, or from the database for a
 *   reachable school not (or no longer) in it; nothing for a school out of reach;
 * - 'workflow.uai.propal' {uai}: answers 'workflow.uai.propal.status' from the quote source, a
 *   few at a time per socket (a grid asking for 2,000 schools must not open 2,000 calls to Dolibarr).
 */
export function registerWorkflowEvents(hub: RealtimeHub, deps: AppDeps & WorkflowDeps, log: FastifyBaseLogger): void {
  hub.onConnection((socket) => {
    const actor = socket.data.actor;
    if (!canFollowWorkflows(actor.rights)) return;
    const ctx: WorkflowContext = { ...deps, actor };
    const state: SocketState = { reachable: new Set(), buffer: new Map(), preparing: Promise.resolve(), expiry: undefined };
    const limitQuoteReads = createLimiter(QUOTE_READS_PER_SOCKET);

    socket.onAnyOutgoing((event: string, payload: { uai?: string }) => {
      if (event === 'workflow.uai.data' && payload.uai) state.buffer.delete(payload.uai);
    });
    socket.on('disconnect', () => {
      clearTimeout(state.expiry);
      state.buffer.clear();
    });

    async function canReach(uai: string): Promise<boolean> {
      if (state.reachable.has(uai)) return true;
      return hasUaiShape(uai) && (await listReachableUais(ctx.db, actor, [uai])).length > 0;
    }

    on(socket, log, 'workflow.prepare', async ({ uais }) => {
      const wanted = [...new Set(uais.map(normaliseUai).filter((uai) => hasUaiShape(uai)))];
      const preparing = (async () => {
        const reachable = await listReachableUais(ctx.db, actor, wanted);
        for (const uai of reachable) state.reachable.add(uai);
        await socket.join(reachable.map(schoolRoom));
        const loaded = await loadWorkflows(ctx, reachable);
        // Gone while loading: keep nothing for it.
        if (socket.disconnected) return;
        for (const [uai, workflow] of loaded) state.buffer.set(uai, workflow);
        clearTimeout(state.expiry);
        state.expiry = setTimeout(() => state.buffer.clear(), BUFFER_TTL_MS);
        state.expiry.unref();
        socket.emit('workflow.ready', { uais: reachable });
      })();
      state.preparing = preparing.catch(() => undefined);
      await preparing;
    });

    on(socket, log, 'workflow.uai', async (payload) => {
      const uai = normaliseUai(payload.uai);
      await state.preparing;
      let workflow = state.buffer.get(uai);
      if (!workflow) {
        if (!(await canReach(uai))) return;
        workflow = (await loadWorkflows(ctx, [uai])).get(uai);
        if (!workflow) return;
      }
      socket.emit('workflow.uai.data', { uai, data: workflow.data, statusList: workflow.statusList });
    });

    on(socket, log, 'workflow.uai.propal', async (payload) => {
      const uai = normaliseUai(payload.uai);
      await limitQuoteReads(async () => {
        if (socket.disconnected || !(await canReach(uai))) return;
        socket.emit('workflow.uai.propal.status', { uai, status: await deps.quotes.getStatus(uai) });
      });
    });
  });
}
