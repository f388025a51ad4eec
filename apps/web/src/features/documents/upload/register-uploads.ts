import { documents } from '@console/contract';
import { registrationProblems, type KnowsKey } from './upload-rules';

/** A file posted to the store, to register: its line, its ticket's key and its name. */
export type Uploaded = { lineId: number; key: string; name: string };

/** Registers files as documents (`PUT /files/`): one call's body in, the store's list out. */
export type Register = (arrayDocs: documents.DocumentRegistration[]) => Promise<documents.DocumentList>;

/**
 * What registering a batch came to: the files registered; those the server refused, by line,
 * with its message; those a failed call left unregistered, with the failure; the last answer
 * (the store's use after the batch).
 */
export type Registration = {
  registered: Uploaded[];
  refused: Map<number, string>;
  failed: Uploaded[];
  failure: unknown;
  answer: documents.DocumentList | null;
};

type Attempt = { registered: Uploaded[]; refused: Map<number, string>; failure: unknown; answer: documents.DocumentList | null };

async function attempt(group: readonly Uploaded[], schools: string[], register: Register, knows: KnowsKey): Promise<Attempt> {
  try {
    const answer = await register(group.map(({ key, name }) => ({ key, name, schools })));
    return { registered: [...group], refused: new Map(), failure: null, answer };
  } catch (error) {
    const problems = registrationProblems(error, group.length, knows);
    if (!problems) return { registered: [], refused: new Map(), failure: error, answer: null };
    return {
      registered: [],
      refused: new Map([...problems].map(([index, message]) => [group[index]!.lineId, message])),
      failure: null,
      answer: null,
    };
  }
}

/**
 * Registers one group of uploaded files. The server registers all or none: when it refuses some,
 * the others are registered again, in one more call, so that no valid file is lost.
 */
async function registerGroup(
  group: readonly Uploaded[],
  schools: string[],
  register: Register,
  knows: KnowsKey,
): Promise<Attempt> {
  const first = await attempt(group, schools, register, knows);
  if (first.refused.size === 0) return first;
  const fine = group.filter((file) => !first.refused.has(file.lineId));
  if (fine.length === 0) return first;
  const second = await attempt(fine, schools, register, knows);
  return { ...second, refused: new Map([...first.refused, ...second.refused]) };
}

/**
 * Registers a batch's uploaded files for `schools`: one call (one for each
 * DOCUMENTS_PER_CALL_MAX files past that many), and one more for the files a refusal spared.
 */
export async function registerUploads(
  uploaded: readonly Uploaded[],
  schools: string[],
  register: Register,
  knows: KnowsKey,
): Promise<Registration> {
  const registration: Registration = { registered: [], refused: new Map(), failed: [], failure: null, answer: null };
  for (let start = 0; start < uploaded.length; start += documents.DOCUMENTS_PER_CALL_MAX) {
    const group = uploaded.slice(start, start + documents.DOCUMENTS_PER_CALL_MAX);
    const outcome = await registerGroup(group, schools, register, knows);
    registration.registered.push(...outcome.registered);
    for (const [lineId, message] of outcome.refused) registration.refused.set(lineId, message);
    if (outcome.failure !== null) {
      const done = new Set([...outcome.registered.map((file) => file.lineId), ...outcome.refused.keys()]);
      registration.failed.push(...group.filter((file) => !done.has(file.lineId)));
      registration.failure ??= outcome.failure;
    }
    registration.answer = outcome.answer ?? registration.answer;
  }
  return registration;
}
