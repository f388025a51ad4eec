import type { directory } from '@console/contract';
import { DirectoryUnavailableError, type SchoolDirectory } from '#adapters/directory/index.js';
import { AppError } from '#platform/errors/app-error.js';

/**
 * Searches the public education directory for the add-school dialog. Throws
 * `service_unavailable` (503, reason `directory_unavailable`, the adapter's failure in details.failure) when the directory
 * is down, slow or unreadable, so that the dialog says so and stays usable.
 */
export async function searchDirectorySchools(
  dependencies: { directory: SchoolDirectory },
  text: string,
): Promise<directory.DirectoryRecord[]> {
  try {
    return await dependencies.directory.searchSchools(text);
  } catch (error) {
    if (error instanceof DirectoryUnavailableError) {
      throw new AppError('service_unavailable', 'The education directory could not be reached', {
        reason: 'directory_unavailable',
        failure: error.reason,
      });
    }
    throw error;
  }
}
