import type { directory } from '@console/contract';

export type DirectoryRecord = directory.DirectoryRecord;

/** The public education directory, as the add-school dialog and school creation use it. */
export type SchoolDirectory = {
  /**
   * Schools whose name or town starts with every word of the text, or whose UAI is a word of it;
   * at most 5. Throws DirectoryUnavailableError when the directory is down, slow or unreadable.
   */
  searchSchools(text: string): Promise<DirectoryRecord[]>;
  /** The school of a UAI; undefined for an unknown or invalid UAI. Throws DirectoryUnavailableError. */
  findSchool(uai: string): Promise<DirectoryRecord | undefined>;
};

export type DirectoryFailure = 'unreachable' | 'timeout' | 'rate_limited' | 'http_error' | 'bad_answer';

/** The directory did not give a usable answer; `reason` says how, for logs and the 503 details. */
export class DirectoryUnavailableError extends Error {
  readonly reason: DirectoryFailure;

  constructor(reason: DirectoryFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DirectoryUnavailableError';
    this.reason = reason;
  }
}
