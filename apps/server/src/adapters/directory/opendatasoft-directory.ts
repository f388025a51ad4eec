import { directory, isValidUai } from '@console/contract';
import {
  buildSearchWhere,
  buildUaiWhere,
  DIRECTORY_FIELDS,
  parseDirectoryRecord,
  recordsAnswerSchema,
  RECORDS_PATH,
} from './opendatasoft-query.js';
import { DirectoryUnavailableError, type SchoolDirectory } from './school-directory.js';

type DirectoryRecord = directory.DirectoryRecord;

export type OpendatasoftDirectoryOptions = {
  /** The Explore API v2.1 base, e.g. https://data.education.gouv.fr/api/explore/v2.1 (a fake in tests). */
  baseUrl: string;
  timeoutMs: number;
};

/**
 * The education directory through the Opendatasoft Explore API v2.1 (dataset
 * fr-en-annuaire-education; docs/external-formats.md §3): one GET on the records endpoint with an
 * explicit `select`, an ODSQL `where` and a `limit`. Every failure — refused connection, timeout,
 * 429, any non-2xx status, a body that is not the documented `{total_count, results}` — throws
 * DirectoryUnavailableError, so that callers answer "unavailable" and never a 500.
 */
export function createOpendatasoftDirectory(options: OpendatasoftDirectoryOptions): SchoolDirectory {
  const endpoint = options.baseUrl.replace(/\/+$/, '') + RECORDS_PATH;

  async function fetchRecords(where: string, limit: number): Promise<DirectoryRecord[]> {
    const url = new URL(endpoint);
    url.searchParams.set('select', DIRECTORY_FIELDS.join(','));
    url.searchParams.set('where', where);
    url.searchParams.set('limit', String(limit));
    let body: unknown;
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (response.status === 429)
        throw new DirectoryUnavailableError('rate_limited', 'The directory refused the request: too many requests (429)');
      if (!response.ok) throw new DirectoryUnavailableError('http_error', `The directory answered HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof DirectoryUnavailableError) throw error;
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new DirectoryUnavailableError('timeout', `The directory did not answer within ${options.timeoutMs} ms`, {
          cause: error,
        });
      }
      if (error instanceof SyntaxError)
        throw new DirectoryUnavailableError('bad_answer', 'The directory answered something other than JSON', { cause: error });
      throw new DirectoryUnavailableError('unreachable', 'The directory could not be reached', { cause: error });
    }
    const answer = recordsAnswerSchema.safeParse(body);
    if (!answer.success) throw new DirectoryUnavailableError('bad_answer', 'The directory answer is not {total_count, results}');
    return answer.data.results.flatMap((raw) => parseDirectoryRecord(raw) ?? []).slice(0, limit);
  }

  return {
    async searchSchools(text) {
      const where = buildSearchWhere(text);
      if (!where) return [];
      return fetchRecords(where, directory.DIRECTORY_RESULT_LIMIT);
    },
    async findSchool(uai) {
      if (!isValidUai(uai)) return undefined;
      const [record] = await fetchRecords(buildUaiWhere(uai), 1);
      return record;
    },
  };
}
