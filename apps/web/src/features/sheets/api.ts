import { sheets } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { call, callForFile, type DownloadedFile } from '../../lib/api';

/** One file of sheets to draw (a PDF, or a zip of PDFs by user, class or level) (spec 3 §2.2, §7): which sheets, whose (the school and its selected users, in the grid's order), how. */
export type SheetsRequest = {
  type: sheets.SheetType;
  uai: string;
  /** The selected users' ids, in the order the grid shows them: one sheet each, in that order. */
  userIds: readonly number[];
  lang: sheets.SheetLanguage;
  option: sheets.SheetMode;
};

/**
 * Downloads the sheets of the selected users as one PDF: the file and the name the server gives
 * it (the name given here is used only when the server names none); an ApiError as
 * `callForFile` throws.
 */
export function downloadSheets({ type, uai, userIds, lang, option }: SheetsRequest): Promise<DownloadedFile> {
  return callForFile(
    sheets.generateSheets,
    { params: { type }, body: { uai, list: [...userIds], lang, option } },
    `${type}.${option === 'default' ? 'pdf' : 'zip'}`,
  );
}

export const sheetsQueryKeys = {
  /** Every user's print log: a print changes the logs of the users it held. */
  prints: ['sheets', 'prints'] as const,
  printsOf: (userId: number) => ['sheets', 'prints', userId] as const,
};

/** The last prints that held a user's sheet, newest first (the user page's print log). */
export function useUserPrints(userId: number) {
  return useQuery({
    queryKey: sheetsQueryKeys.printsOf(userId),
    queryFn: async () => (await call(sheets.listUserPrints, { params: { id: userId } })).prints,
  });
}
