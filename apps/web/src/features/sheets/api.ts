import { sheets } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { call, callForFile, type DownloadedFile } from '#lib/api';

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

/** How often the toast asks how many sheets are drawn. */
export const SHEETS_PROGRESS_POLL_MS = 1000;

/**
 * Asks every SHEETS_PROGRESS_POLL_MS how many of the caller's sheets for the school are drawn,
 * telling `onProgress` while they are; answers the function that stops asking. A failed ask is
 * skipped: the count is a help, the file is what matters.
 */
export function followSheetsProgress(uai: string, onProgress: (progress: { drawn: number; total: number }) => void): () => void {
  let stopped = false;
  const timer = setInterval(() => {
    call(sheets.getSheetsProgress, { query: { uai } }).then(
      (progress) => {
        if (!stopped && progress.running) onProgress(progress);
      },
      () => undefined,
    );
  }, SHEETS_PROGRESS_POLL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
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
