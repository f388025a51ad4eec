import type { notifications as contract } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '#lib/format';
import { onRealtime, useRealtime } from '#lib/realtime';
import { fetchLatestHistory, notificationsQueryKeys } from '../history-query';

/** How long the success shows before the view turns to the history (spec 3 §2.5). */
export const SENT_DELAY_MS = 2_000;
/** Without news of a send for this long, its progress is read from the history (events may have been missed). */
export const FALLBACK_CHECK_MS = 5_000;

export type SendCounts = { sent: number; total: number; successCount: number; failureCount: number };

/** What a send's start answers (`sendingStartedSchema`): the notification, and the tokens it tries. */
export type SendStarted = { idNotification: number; nbTokens: number };
/**
 * Starts a send, given by the caller: the wizard records its draft then sends it
 * (`useSendNotification`), the users view's bulk menu notifies the users chosen (`notifyUsers`).
 */
export type SendStart = () => Promise<SendStarted>;

/**
 * Where the send stands: none; the notification being recorded and its send started (`total` the
 * tokens the audience counted); being sent (the progress the server reported); sent (shown a moment).
 */
export type SendState =
  { phase: 'idle' } | { phase: 'starting'; total: number } | ({ phase: 'sending' | 'sent'; idNotification: number } & SendCounts);

/** A notification's progress, from a 'progressBar' event or its history item. */
type Snapshot = SendCounts & { idNotification: number; status: contract.NotificationStatus };

export type SendOptions = {
  /** Whether the user may read the history (notifications at Lecture): without it, no progress is read from there. */
  canReadHistory?: boolean;
};

const IDLE: SendState = { phase: 'idle' };

function isFinal(snapshot: Snapshot): boolean {
  return snapshot.status === 'sent' || snapshot.status === 'failed';
}

/** The progress a history item records; null when it tells nothing yet (not started). */
export function snapshotOfHistoryItem(item: contract.HistoryItem): Snapshot | null {
  const report = item.reportNotification;
  const status = item.statusNotification;
  if (report === null) {
    // A send over no token ends at once, perhaps before any report is written.
    if (status !== 'sent' && status !== 'failed') return null;
    return { idNotification: item.idNotification, status, sent: 0, total: 0, successCount: 0, failureCount: 0 };
  }
  return {
    idNotification: item.idNotification,
    status,
    sent: report.successCount + report.failureCount,
    total: report.nbToken,
    successCount: report.successCount,
    failureCount: report.failureCount,
  };
}

function countsOf({ sent, total, successCount, failureCount }: Snapshot): SendCounts {
  return { sent, total, successCount, failureCount };
}

/**
 * Sends a notification (spec 3 §2.5 step 3, §6): `send(start, expectedTokens)` runs `start` (what
 * records the notification and starts its send, the caller's), then follows the progress the
 * server pushes to the sender's sockets ('progressBar'). Events may be missed (the socket
 * reconnects, or the send ends before its id is known): the events of every notification are kept
 * while `start` runs, and at each (re)connection and resync, and every few seconds without news,
 * the history tells where the send stands (unless `canReadHistory` is false: a user without
 * notifications at Lecture, who may still notify users from the users view's bulk menu, has the
 * events only). A send over no token is sent at once. Sent: a success toast, then `onDone` after a
 * moment; failed (`start` refused, or the server's report): the failure toast, and the caller may
 * send again. Once the caller is gone (unmounted), nothing more is told.
 */
export function useNotificationSend(userId: number, onDone: () => void, { canReadHistory = true }: SendOptions = {}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { socket, status, resyncs } = useRealtime(userId);
  const [state, setState] = useState<SendState>(IDLE);
  /** The send followed, once its id is known; `isFinished` once its end was told. */
  const tracked = useRef<{ idNotification: number; sent: number; isFinished: boolean } | null>(null);
  /** While the send starts, the latest progress of each notification, in case ours ends before its id is known. */
  const early = useRef<Map<number, Snapshot> | null>(null);
  const doneTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** False once the caller is gone: a start that answers after it tells nothing. */
  const isMounted = useRef(false);
  /** The caller's latest `onDone`: it may change at each render without the following starting over. */
  const onDoneRef = useRef(onDone);

  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      clearTimeout(doneTimer.current);
    };
  }, []);

  const reloadHistory = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKeys.history }),
    [queryClient],
  );

  const fail = useCallback(() => {
    tracked.current = null;
    early.current = null;
    setState(IDLE);
    notifications.show({ color: 'red', message: t('notifications.sending.failure') });
    reloadHistory();
  }, [t, reloadHistory]);

  const succeed = useCallback(
    (snapshot: Snapshot) => {
      setState({ phase: 'sent', idNotification: snapshot.idNotification, ...countsOf(snapshot) });
      notifications.show({
        color: 'teal',
        message: t('notifications.sending.success', { formatted: formatCount(snapshot.successCount, i18n.language) }),
      });
      reloadHistory();
      doneTimer.current = setTimeout(() => {
        tracked.current = null;
        setState(IDLE);
        onDoneRef.current();
      }, SENT_DELAY_MS);
    },
    [t, i18n, reloadHistory],
  );

  const apply = useCallback(
    (snapshot: Snapshot) => {
      const current = tracked.current;
      if (current === null) {
        const waiting = early.current;
        const previous = waiting?.get(snapshot.idNotification);
        if (waiting && (!previous || (!isFinal(previous) && (isFinal(snapshot) || snapshot.sent >= previous.sent))))
          waiting.set(snapshot.idNotification, snapshot);
        return;
      }
      if (current.isFinished || snapshot.idNotification !== current.idNotification) return;
      if (snapshot.status === 'failed') {
        tracked.current = { ...current, isFinished: true };
        fail();
      } else if (snapshot.status === 'sent') {
        tracked.current = { ...current, isFinished: true };
        succeed(snapshot);
      } else if (snapshot.sent >= current.sent) {
        tracked.current = { ...current, sent: snapshot.sent };
        setState({ phase: 'sending', idNotification: snapshot.idNotification, ...countsOf(snapshot) });
      }
    },
    [fail, succeed],
  );

  /** Reads the followed send's progress from the history's first page (the newest notifications). */
  const recover = useCallback(async () => {
    const followed = tracked.current;
    if (!canReadHistory || followed === null || followed.isFinished) return;
    try {
      const history = await fetchLatestHistory(queryClient);
      const item = history.notifications.find((candidate) => candidate.idNotification === followed.idNotification);
      const snapshot = item ? snapshotOfHistoryItem(item) : null;
      if (snapshot) apply(snapshot);
    } catch {
      // The next event or check tells.
    }
  }, [canReadHistory, queryClient, apply]);

  useEffect(() => {
    if (!socket) return;
    return onRealtime(socket, 'progressBar', apply);
  }, [socket, apply]);

  // At each (re)connection and each resync the server asks for: progress events may have been missed.
  useEffect(() => {
    if (status === 'connected') void recover();
  }, [status, resyncs, recover]);

  const isSending = state.phase === 'sending';
  useEffect(() => {
    if (!isSending) return;
    const timer = setInterval(() => void recover(), FALLBACK_CHECK_MS);
    return () => clearInterval(timer);
  }, [isSending, recover]);

  const send = useCallback(
    (start: SendStart, expectedTokens: number) => {
      if (tracked.current !== null || early.current !== null) return;
      early.current = new Map();
      setState({ phase: 'starting', total: expectedTokens });
      const started = ({ idNotification, nbTokens }: SendStarted) => {
        if (!isMounted.current) return;
        const buffered = early.current?.get(idNotification);
        early.current = null;
        tracked.current = { idNotification, sent: 0, isFinished: false };
        setState({ phase: 'sending', idNotification, sent: 0, total: nbTokens, successCount: 0, failureCount: 0 });
        if (buffered) apply(buffered);
        // A send over no token has nothing to send: it is sent at once (unless its event said otherwise).
        if (nbTokens === 0 && tracked.current?.isFinished === false)
          apply({ idNotification, status: 'sent', sent: 0, total: 0, successCount: 0, failureCount: 0 });
      };
      let starting: Promise<SendStarted>;
      try {
        starting = start();
      } catch (error) {
        starting = Promise.reject(error);
      }
      starting.then(started, () => {
        if (isMounted.current) fail();
      });
    },
    [apply, fail],
  );

  return { state, send };
}
