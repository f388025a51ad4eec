import type { documents } from '@console/contract';
import { isForAllSchools } from './document-sort';

/** Who sent a document: 'Prénom NOM'. */
export function uploaderNameOf(file: Pick<documents.Document, 'uploadedBy'>): string {
  return `${file.uploadedBy.firstname} ${file.uploadedBy.lastname}`.trim();
}

/** A document's schools as the table shows them: `allLabel` for every school, else the UAIs joined. */
export function schoolsTextOf(schools: readonly string[], allLabel: string): string {
  return isForAllSchools(schools) ? allLabel : schools.join(', ');
}
