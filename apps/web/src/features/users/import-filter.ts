import { createHandoff } from '#lib/handoff';

/** A confirmed import whose users the users view of its school shows (filtered on its number). */
export type ImportFilterRequest = { uai: string; importNumber: number };

const importFilter = createHandoff<ImportFilterRequest>();

/** Asks the users view of `uai` to filter its grid on this import's number. */
export const requestImportFilter = importFilter.request;
export const clearImportFilter = importFilter.clear;
export const useImportFilterRequest = importFilter.useRequest;
