import type { imports } from '@console/contract';
import { AppError } from '#platform/errors/app-error.js';

/** The refusal of a file with problems: 400, every problem beside the error (spec 3 §8: items carry `msg`). */
export function importInvalid(problems: readonly imports.ImportProblem[]): AppError {
  // A problem the file's reading and the school's checks both find is said once.
  const unique = new Map(problems.map((problem) => [`${problem.line}\u0000${problem.msg}\u0000${problem.field ?? ''}`, problem]));
  const sorted = [...unique.values()].sort((a, b) => a.line - b.line);
  return new AppError(
    'validation_failed',
    `The import file has ${sorted.length} problem(s)`,
    { reason: 'import_invalid', params: { count: sorted.length } },
    { errors: sorted },
  );
}
