import { compareFrench, toSearchKey, type documents } from '@console/contract';

/**
 * The document manager's search and sort (spec 3 §2.7), pure: the search matches a document's
 * name whatever its accents and case; one column at a time is sorted, each cycling none,
 * ascending, descending.
 */

export const SORT_COLUMNS = ['name', 'size', 'uploadedBy', 'schools', 'date'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'ascending' | 'descending';
/** The sorted column and its direction; null: the order the server answered. */
export type DocumentSort = { column: SortColumn; direction: SortDirection } | null;

/** The sort after a click on a column's header: another column starts ascending; the same one goes on to descending, then none. */
export function nextSort(current: DocumentSort, column: SortColumn): DocumentSort {
  if (current?.column !== column) return { column, direction: 'ascending' };
  return current.direction === 'ascending' ? { column, direction: 'descending' } : null;
}

/** The documents whose name holds the searched text, accents and case aside; all of them for an empty search. */
export function filterDocuments(files: readonly documents.Document[], search: string): readonly documents.Document[] {
  const wanted = toSearchKey(search.trim());
  return wanted === '' ? files : files.filter((file) => toSearchKey(file.name).includes(wanted));
}

/** Whether a document's schools are every school (`['all']`). */
export function isForAllSchools(schools: readonly string[]): boolean {
  return schools.includes('all');
}

type Compare = (left: documents.Document, right: documents.Document) => number;

/** Every school first, then by the UAIs as listed; no school last. */
function compareSchools(left: readonly string[], right: readonly string[]): number {
  const rank = (schools: readonly string[]) => (isForAllSchools(schools) ? 0 : schools.length > 0 ? 1 : 2);
  return rank(left) - rank(right) || compareFrench(left.join(', '), right.join(', '));
}

const COMPARES: Record<SortColumn, Compare> = {
  name: (left, right) => compareFrench(left.name, right.name),
  size: (left, right) => left.size - right.size,
  uploadedBy: (left, right) =>
    compareFrench(left.uploadedBy.lastname, right.uploadedBy.lastname) ||
    compareFrench(left.uploadedBy.firstname, right.uploadedBy.firstname),
  schools: (left, right) => compareSchools(left.schools, right.schools),
  date: (left, right) => (Date.parse(left.date) || 0) - (Date.parse(right.date) || 0),
};

/**
 * The documents in the sort's order, a new array (ties keep the server's order, in both
 * directions); as they are without a sort.
 */
export function sortDocuments(files: readonly documents.Document[], sort: DocumentSort): readonly documents.Document[] {
  if (!sort) return files;
  const compare = COMPARES[sort.column];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...files].sort((left, right) => sign * compare(left, right));
}
