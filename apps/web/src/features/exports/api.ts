import { userExports, users, type School, type SchoolPlatform } from '@console/contract';
import { callForFile, type DownloadedFile } from '#lib/api';

/** The CSV menu's items besides 'Par éditeur' that download a file of the selection, in the menu's order. */
export const FILE_EXPORT_ITEMS = [
  'tous',
  'brut',
  'full',
  'url',
  'teaching',
  'asm',
  'oneroster',
] as const satisfies readonly userExports.ExportItem[];
export type FileExportItem = (typeof FILE_EXPORT_ITEMS)[number];

/** One export of the CSV menu (spec 3 §2.2): a platform's file, or one of the others. */
export type ExportRequest = { item: 'byEditor'; platform: SchoolPlatform } | { item: FileExportItem };

/**
 * Downloads one export of the selected users (their ids in the grid's order): the file and the
 * name the server gives it; an ApiError as `callForFile` throws. The names given here are used
 * only when the server names no file.
 */
export function downloadExport(selection: userExports.ExportSelection, request: ExportRequest): Promise<DownloadedFile> {
  switch (request.item) {
    case 'byEditor': {
      const { platformId, platformExportType } = request.platform;
      return callForFile(
        userExports.exportPlatform,
        { body: { ...selection, platformId } },
        `export_${platformId.toLowerCase()}.${platformExportType.toLowerCase()}`,
      );
    }
    case 'tous':
    case 'brut':
    case 'full':
      return callForFile(userExports.exportUsers, { body: { ...selection, type: request.item } }, `export_${request.item}.csv`);
    case 'url':
      return callForFile(userExports.getMajExport, { body: selection }, 'export_url.csv');
    case 'teaching':
      return callForFile(userExports.exportTeaching, { body: selection }, 'export_enseignements.csv');
    case 'asm':
      return callForFile(userExports.exportAsm, { body: selection }, 'asm.zip');
    case 'oneroster':
      return callForFile(userExports.exportOneRoster, { body: selection }, 'oneroster.zip');
  }
}

/** The archives that need the school's location id (spec 3 §5). */
export const ARCHIVE_ITEMS: readonly FileExportItem[] = ['asm', 'oneroster'];

/** Whether the school's settings hold a location id (deployment.asmInformations.locationId), which ASM and OneRoster need. */
export function hasLocationId(school: Pick<School, 'deployment'>): boolean {
  const asm = school.deployment.asmInformations;
  const locationId = typeof asm === 'object' && asm !== null ? (asm as { locationId?: unknown }).locationId : undefined;
  return users.canExportAsm(typeof locationId === 'string' ? locationId : null);
}
