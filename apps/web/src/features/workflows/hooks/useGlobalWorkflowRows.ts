import type { workflows } from '@console/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { emitRealtime, onRealtime, useRealtime } from '#lib/realtime';
import { useWorkflowSummaries } from '../api';
import { isSameSummary, summariseWorkflow } from '../workflow-summary';

type Summary = workflows.SchoolWorkflowSummary;

/** Rows arriving over the socket are applied together at this pace, so that 2,000 schools stay smooth. */
const FLUSH_DELAY_MS = 120;
/** 'workflow.uai' requests sent per task: the answers arriving meanwhile are handled between slices. */
const SEND_SLICE = 200;
/** Loading ends when nothing arrived for this long (a school the server keeps silent about). */
const STALL_TIMEOUT_MS = 10_000;
/** The contract's bound on one 'workflow.prepare'. */
const PREPARE_CHUNK = 5_000;

export type LoadProgress = { count: number; total: number; isLoading: boolean };

type Progress = { loadId: number; count: number; total: number; isDone: boolean };

/**
 * The global monitoring rows (spec 1 §2, §7). The list comes from GET /workflows (every school the
 * caller reaches); then, over the socket, 'workflow.prepare' with the UAIs (joining their rooms)
 * and 'workflow.uai' for each: each school's data refreshes its row as it arrives, counted by the
 * progress, and later pushes
 * (another user's save) keep updating it. Updates are batched; a row is replaced only when what it
 * shows changed. `applyWorkflow` puts a school's fresh workflow (after a reset) into its row.
 */
export function useGlobalWorkflowRows(userId: number) {
  const summaries = useWorkflowSummaries();
  const { socket, status, resyncs } = useRealtime(userId);
  // Rows changed since the list was loaded, by UAI; dropped when the list is loaded again.
  const [overrides, setOverrides] = useState<{ loadId: number; rows: ReadonlyMap<string, Summary> }>({
    loadId: 0,
    rows: new Map(),
  });
  const [progress, setProgress] = useState<Progress>({ loadId: 0, count: 0, total: 0, isDone: false });
  const arrived = useRef<{ loadId: number; uais: Set<string> }>({ loadId: 0, uais: new Set() });

  const list = summaries.data;
  const loadId = summaries.dataUpdatedAt;
  const listed = useMemo(() => new Map((list ?? []).map((summary) => [summary.uai, summary])), [list]);
  const names = useMemo(() => new Map([...listed.values()].map((summary) => [summary.uai, summary.name])), [listed]);

  const isConnected = status === 'connected';
  useEffect(() => {
    if (!socket || !isConnected || !list) return;
    if (arrived.current.loadId !== loadId) arrived.current = { loadId, uais: new Set() };
    const seen = arrived.current.uais;
    const total = list.length;
    let buffer = new Map<string, Summary>();
    let flushTimer: ReturnType<typeof setTimeout> | null = null;
    let stallTimer: ReturnType<typeof setTimeout> | null = null;
    let sendTimer: ReturnType<typeof setTimeout> | null = null;

    const finish = () =>
      setProgress((current) => ({ loadId, count: current.loadId === loadId ? current.count : 0, total, isDone: true }));
    const watchStall = () => {
      if (stallTimer) clearTimeout(stallTimer);
      stallTimer = setTimeout(finish, STALL_TIMEOUT_MS);
    };
    const flush = () => {
      flushTimer = null;
      const batch = buffer;
      buffer = new Map();
      setOverrides((current) => {
        const rows = current.loadId === loadId ? current.rows : new Map<string, Summary>();
        let next: Map<string, Summary> | null = null;
        for (const [uai, summary] of batch) {
          const shown = rows.get(uai) ?? listed.get(uai);
          if (shown && isSameSummary(shown, summary)) continue;
          next ??= new Map(rows);
          next.set(uai, summary);
        }
        return next ? { loadId, rows: next } : current;
      });
      const count = Math.min(seen.size, total);
      setProgress((current) => ({
        loadId,
        count,
        total,
        isDone: count >= total || (current.loadId === loadId && current.isDone),
      }));
    };

    const stopData = onRealtime(socket, 'workflow.uai.data', (payload) => {
      const name = names.get(payload.uai);
      if (name === undefined) return;
      seen.add(payload.uai);
      buffer.set(payload.uai, summariseWorkflow(payload.uai, name, payload.data));
      flushTimer ??= setTimeout(flush, FLUSH_DELAY_MS);
      watchStall();
    });

    // The protocol (spec 1 §7): 'workflow.prepare' with the UAIs, then 'workflow.uai' for each.
    // The server answers requests sent before its 'workflow.ready' once it is prepared, so they
    // leave at once, in slices, so that the answers arriving meanwhile move the progress line.
    const uais = list.map((summary) => summary.uai);
    for (let start = 0; start < uais.length; start += PREPARE_CHUNK) {
      emitRealtime(socket, 'workflow.prepare', { uais: uais.slice(start, start + PREPARE_CHUNK) });
    }
    let sent = 0;
    const sendSlice = () => {
      const end = Math.min(sent + SEND_SLICE, uais.length);
      for (; sent < end; sent += 1) emitRealtime(socket, 'workflow.uai', { uai: uais[sent]!, userId });
      sendTimer = sent < uais.length ? setTimeout(sendSlice, 0) : null;
    };
    sendSlice();
    watchStall();

    return () => {
      stopData();
      if (sendTimer) clearTimeout(sendTimer);
      if (flushTimer) clearTimeout(flushTimer);
      if (stallTimer) clearTimeout(stallTimer);
    };
    // Again at each (re)connection and each resync the server asks for: events may have been missed.
  }, [socket, isConnected, list, listed, loadId, names, userId, resyncs]);

  const changed = overrides.loadId === loadId ? overrides.rows : null;
  const rows = useMemo(() => (list ?? []).map((summary) => changed?.get(summary.uai) ?? summary), [list, changed]);

  const applyWorkflow = useCallback(
    (uai: string, workflow: workflows.SchoolWorkflow) => {
      const name = names.get(uai);
      if (name === undefined) return;
      setOverrides((current) => {
        const rows = new Map(current.loadId === loadId ? current.rows : []);
        return { loadId, rows: rows.set(uai, summariseWorkflow(uai, name, workflow.data)) };
      });
    },
    [names, loadId],
  );

  const total = list?.length ?? 0;
  const current = progress.loadId === loadId ? progress : null;
  // Without a connection the rows stay as listed: loading is over (the tracker's 'Synchroniser' still works).
  const isSubscribing = list !== undefined && total > 0 && isConnected && !(current?.isDone ?? false);
  const loadProgress: LoadProgress = {
    count: current?.count ?? 0,
    total: current && current.total > 0 ? current.total : total,
    isLoading: summaries.isPending || isSubscribing,
  };

  return { rows, names, summaries, status, progress: loadProgress, applyWorkflow };
}
