// The import verification's worker thread (issue 31 §1): reads, checks and plans a file off the
// event loop; its database reads run on the main thread (platform/README.md, "workers/").
import type { Env } from '#platform/config/env.js';
import type { ServiceContext } from '#platform/context.js';
import { PhaseClock } from '#platform/http/server-timing.js';
import { serveTasks } from '#platform/workers/serve-tasks.js';
import { ownMemoryOf } from '#platform/workers/worker-messages.js';
import { checkAndPlan } from './check-and-plan.js';
import type { VerifyTask, VerifyTaskResult } from './verify-task.js';

serveTasks(async (payload, db, report) => {
  const { actor, env, engine, upload } = payload as VerifyTask;
  // A Buffer crosses threads as a Uint8Array: the key and the file are made Buffers again (no copy).
  const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ctx: ServiceContext = { db, engine, actor, env: { ...env, encryptionKey: asBuffer(env.encryptionKey) } as Env };
  const clock = new PhaseClock();
  const { format, ignoredColumns, planning } = await checkAndPlan(
    ctx,
    { ...upload, bytes: asBuffer(upload.bytes) },
    report,
    clock,
  );
  const packed = await planning.plan.packed();
  const previewParts = [...planning.preview.parts()];
  clock.lap('pack');
  const result: VerifyTaskResult = {
    format,
    ignoredColumns,
    packed,
    previewParts,
    counts: planning.preview.counts,
    phases: clock.phases,
  };
  // The preview (44 MiB of JSON for 50,000 lines) moves to the main thread rather than being copied there.
  return { result, transfer: ownMemoryOf(previewParts) };
});
