import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { emitRealtime, onRealtime, useRealtime, type RealtimeStatus } from '#lib/realtime';
import { workflowQueryKeys } from '../api';

/**
 * Keeps one school's workflow and quote status live: subscribes to the school over the socket at
 * each (re)connection ('workflow.prepare', 'workflow.uai', 'workflow.uai.propal') and writes what the server pushes
 * into the query cache, so that the tracker follows other users' saves without a reload.
 * Answers the connection status and a function asking the server for fresh data again.
 */
export function useSchoolLiveWorkflow(uai: string, userId: number): { status: RealtimeStatus; requestFresh: () => void } {
  const queryClient = useQueryClient();
  const { socket, status, resyncs } = useRealtime(userId);

  useEffect(() => {
    if (!socket) return;
    const stopData = onRealtime(socket, 'workflow.uai.data', (payload) => {
      if (payload.uai !== uai) return;
      queryClient.setQueryData(workflowQueryKeys.school(uai), { data: payload.data, statusList: payload.statusList });
    });
    const stopQuote = onRealtime(socket, 'workflow.uai.propal.status', (payload) => {
      if (payload.uai !== uai) return;
      queryClient.setQueryData(workflowQueryKeys.quote(uai), { uai, status: payload.status });
    });
    return () => {
      stopData();
      stopQuote();
    };
  }, [socket, uai, queryClient]);

  const requestFresh = useCallback(() => {
    if (!socket) return;
    // 'workflow.prepare' joins the school's room (the server checks the caller may see it); the
    // server answers 'workflow.uai' once the preparation is done.
    emitRealtime(socket, 'workflow.prepare', { uais: [uai] });
    emitRealtime(socket, 'workflow.uai', { uai, userId });
    emitRealtime(socket, 'workflow.uai.propal', { uai });
  }, [socket, uai, userId]);

  // At each (re)connection and each resync the server asks for: events may have been missed.
  useEffect(() => {
    if (status === 'connected') requestFresh();
  }, [status, requestFresh, resyncs]);

  return { status, requestFresh };
}
