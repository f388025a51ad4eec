import { documents, files, type SessionUser } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '#lib/api';
import { notifyFailure } from '#ui/notify-failure';
import { isCancelled, postWithProgress } from './post-with-progress';
import { registerUploads, type Uploaded } from './register-uploads';
import { failureMessage, fileProblem, leavesNoRoom, typeOf, type LineState, type Room, type UploadLine } from './upload-rules';

export type UploadOptions = { user: SessionUser; usedBytes: number; maxBucketSize: number; onUploaded: () => void };

/** Idle, sending the batch's files one after another, or registering them. */
export type UploadPhase = 'idle' | 'sending' | 'registering';

/**
 * The upload dialog's work (spec 3 §5 'File upload'): each chosen file checked, then sent in turn
 * (a ticket, then the file to the store with its progress) while the store has room, then the
 * batch registered at once for the user's school. A folder is refused. `cancel` aborts the
 * transfer in flight and leaves the batch unregistered.
 */
export function useDocumentUpload({ user, usedBytes, maxBucketSize, onUploaded }: UploadOptions) {
  const { t, i18n } = useTranslation();
  const [lines, setLines] = useState<UploadLine[]>([]);
  const [phase, setPhase] = useState<UploadPhase>('idle');
  // The store's use a registration answered, with the props it was read against: the view's
  // figures, once refreshed, prevail again.
  const [answered, setAnswered] = useState<{ basis: Room; room: Room } | null>(null);
  const batch = useRef<AbortController | null>(null);
  const nextId = useRef(0);
  const room =
    answered && answered.basis.usedBytes === usedBytes && answered.basis.maxBucketSize === maxBucketSize
      ? answered.room
      : { usedBytes, maxBucketSize };

  useEffect(() => () => batch.current?.abort(), []);

  const knows = (key: string) => i18n.exists(key);
  const setState = (id: number, state: LineState) =>
    setLines((previous) => previous.map((line) => (line.id === id ? { ...line, state } : line)));
  const refuse = (ids: readonly number[], reason: string) =>
    setLines((previous) =>
      previous.map((line) => (ids.includes(line.id) ? { ...line, state: { kind: 'refused', reason } } : line)),
    );

  const sendOne = async (id: number, file: File, signal: AbortSignal): Promise<Uploaded> => {
    setState(id, { kind: 'sending', percent: 0 });
    const ticket = await call(files.createUpload, {
      body: { flag: 'document', name: file.name, type: typeOf(file), size: file.size },
    });
    const key = ticket.fields.key;
    if (!key) throw new Error('The upload ticket names no key.');
    await postWithProgress(
      ticket.url,
      ticket.fields,
      file,
      (fraction) => setState(id, { kind: 'sending', percent: Math.round(fraction * 100) }),
      signal,
    );
    setState(id, { kind: 'sent' });
    return { lineId: id, key, name: file.name };
  };

  const register = async (uploaded: readonly Uploaded[]) => {
    const schools = user.uai ? [user.uai] : [];
    const registration = await registerUploads(
      uploaded,
      schools,
      (arrayDocs) => call(documents.registerDocuments, { body: { arrayDocs } }),
      knows,
    );
    for (const [id, reason] of registration.refused) setState(id, { kind: 'refused', reason });
    if (registration.failed.length > 0) {
      refuse(
        registration.failed.map((file) => file.lineId),
        documents.UPLOAD_FAILED,
      );
      notifyFailure(registration.failure, t);
    }
    const answer = registration.answer;
    if (answer)
      setAnswered({
        basis: { usedBytes, maxBucketSize },
        room: { usedBytes: answer.usedBytes, maxBucketSize: answer.maxBucketSize },
      });
    const count = registration.registered.length;
    if (count > 0) {
      onUploaded();
      notifications.show({ color: 'teal', message: t('documents.upload.success', { count }) });
    }
  };

  /** Takes a batch: its files (checked here) and the folders dropped with them. Ignored while a batch runs. */
  const start = async (chosen: readonly File[], folders: readonly string[] = []) => {
    if (batch.current) return;
    const isAdministrator = user.profile === 'Administrateur';
    const fresh: UploadLine[] = folders.map((name) => ({
      id: nextId.current++,
      name,
      size: null,
      state: { kind: 'refused', reason: documents.FOLDER_REFUSED },
    }));
    const queue: { id: number; file: File }[] = [];
    for (const file of chosen) {
      const id = nextId.current++;
      const problem = fileProblem(isAdministrator, file);
      fresh.push({
        id,
        name: file.name,
        size: file.size,
        state: problem ? { kind: 'refused', reason: problem } : { kind: 'waiting' },
      });
      if (!problem) queue.push({ id, file });
    }
    setLines((previous) => [...previous, ...fresh]);
    if (queue.length === 0) return;

    const controller = new AbortController();
    batch.current = controller;
    setPhase('sending');
    const uploaded: Uploaded[] = [];
    let sentBytes = 0;
    for (const [index, { id, file }] of queue.entries()) {
      const stopHere = () =>
        refuse(
          queue.slice(index).map((waiting) => waiting.id),
          documents.STORAGE_FULL,
        );
      if (leavesNoRoom(room, sentBytes, file.size)) {
        stopHere();
        break;
      }
      try {
        uploaded.push(await sendOne(id, file, controller.signal));
        sentBytes += file.size;
      } catch (error) {
        if (controller.signal.aborted || isCancelled(error)) return;
        const reason = failureMessage(error, knows);
        if (reason === documents.STORAGE_FULL) {
          stopHere();
          break;
        }
        setState(id, { kind: 'refused', reason });
      }
      if (controller.signal.aborted) return;
    }
    if (uploaded.length > 0) {
      setPhase('registering');
      await register(uploaded);
    }
    if (batch.current === controller) {
      batch.current = null;
      setPhase('idle');
    }
  };

  /** Aborts the transfer in flight: the batch's files stay unregistered. */
  const cancel = () => {
    batch.current?.abort();
    batch.current = null;
    setPhase('idle');
  };

  /** Empties the lines, once no batch runs (the dialog closed). */
  const clear = () => {
    if (!batch.current) setLines([]);
  };

  return { lines, phase, start, cancel, clear };
}
