import type { Env } from '#platform/config/env.js';
import { createOpendatasoftDirectory } from './opendatasoft-directory.js';
import type { SchoolDirectory } from './school-directory.js';

export { createOpendatasoftDirectory } from './opendatasoft-directory.js';
export {
  DirectoryUnavailableError,
  type DirectoryFailure,
  type DirectoryRecord,
  type SchoolDirectory,
} from './school-directory.js';

/** The configured directory: its base URL and timeout come from EDUCATION_DIRECTORY_*. */
export function createSchoolDirectory(
  env: Pick<Env, 'EDUCATION_DIRECTORY_URL' | 'EDUCATION_DIRECTORY_TIMEOUT_MS'>,
): SchoolDirectory {
  return createOpendatasoftDirectory({ baseUrl: env.EDUCATION_DIRECTORY_URL, timeoutMs: env.EDUCATION_DIRECTORY_TIMEOUT_MS });
}
