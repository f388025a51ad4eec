import type { imports } from '@console/contract';
import type { ServiceContext } from '#platform/context.js';
import type { Phases } from '#platform/http/server-timing.js';
import type { ImportFileCheck } from '../check-file.js';

/** What the verification's worker is sent: the caller, the settings, the file and its mode. */
export type VerifyTask = Pick<ServiceContext, 'actor' | 'env' | 'engine'> & {
  upload: { bytes: Uint8Array; mode: imports.ImportMode; uai: string };
};

/** What it answers: how the file was read, the plan's stored chunks, the preview's JSON parts and counts. */
export type VerifyTaskResult = {
  format: NonNullable<ImportFileCheck['format']>;
  ignoredColumns: string[];
  packed: string[];
  /** The previewed users as JsonList parts (a Buffer arrives as a Uint8Array). */
  previewParts: Uint8Array[];
  counts: imports.ImportCounts;
  /** The milliseconds of its phases in the worker (check-and-plan.ts; the worker adds to `pack` the plan's last chunk and the preview's last part). */
  phases: Phases;
};
