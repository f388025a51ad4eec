import { areaRightOf, sheets, users, type School, type SchoolUser, type SessionUser } from '@console/contract';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { useEscapableMenu } from '#ui/use-escapable-menu';
import { useSheets } from '../hooks/useSheets';
import { SHEET_TYPE_LABELS, SheetsDialog, type SheetsChoice } from './SheetsDialog';

type SheetsMenuProps = { school: School; user: SessionUser; selected: readonly SchoolUser[] };

/** Whether a user holds an enabled access, which a sheet of accesses prints. */
const hasEnabledAccess = (user: SchoolUser) => Object.values(user.applications).some((access) => access.status === 1);

/** The right the sheets' route asks (spec 3 §6: ButtonBar_buttonExportPDF at Lecture), which the server checks. */
const SHEETS_ROUTE_RIGHT = areaRightOf(sheets.generateSheets);

/**
 * The PDF menu of the users' button bar (spec 3 §2.2, §5, §9): one item per sheet type the server
 * draws (`sheets.SHEET_TYPES`), shown with the PDF right and off without a selection; an item
 * opens the PDF's choices (language, mode), then Générer draws the sheets of the selected users
 * in the order the grid shows them. While the server draws, the menu's button is busy.
 */
export function SheetsMenu({ school, user, selected }: SheetsMenuProps) {
  const { t } = useTranslation();
  const menu = useEscapableMenu();
  const generate = useSheets();
  const [type, setType] = useState<sheets.SheetType | null>(null);
  const { enabled } = users.pdfMenuState(selected.length, 'default');
  const mayDraw = can(user, SHEETS_ROUTE_RIGHT.area, SHEETS_ROUTE_RIGHT.level);

  const handleGenerate = (chosen: sheets.SheetType, { lang, option }: SheetsChoice) => {
    setType(null);
    generate.mutate({
      type: chosen,
      uai: school.informations.uai,
      userIds: selected.map((selectedUser) => selectedUser.id),
      lang,
      option,
    });
  };

  return (
    <>
      <Menu position="bottom-start" shadow="md" withinPortal {...menu.menuProps}>
        <Menu.Target>
          <Button
            {...menu.targetProps}
            variant="default"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={generate.isPending}
          >
            {t('sheets.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {!enabled && <Menu.Label>{t('users.actions.reasons.select')}</Menu.Label>}
          {mayDraw &&
            sheets.SHEET_TYPES.map((sheetType) => (
              <Menu.Item key={sheetType} disabled={!enabled} onClick={() => setType(sheetType)}>
                {t(SHEET_TYPE_LABELS[sheetType])}
              </Menu.Item>
            ))}
        </Menu.Dropdown>
      </Menu>
      {type !== null && (
        <SheetsDialog
          type={type}
          count={selected.length}
          withoutAccess={selected.filter((selectedUser) => !hasEnabledAccess(selectedUser)).length}
          onGenerate={(choice) => handleGenerate(type, choice)}
          onClose={() => setType(null)}
        />
      )}
    </>
  );
}
