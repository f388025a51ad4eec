import { userExports, type School, type SchoolUser, type SessionUser } from '@console/contract';
import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEscapableMenu } from '#ui/use-escapable-menu';
import { can } from '#lib/abilities';
import { ARCHIVE_ITEMS, FILE_EXPORT_ITEMS, hasLocationId, type ExportRequest } from '../api';
import { useExport } from '../hooks/useExport';

type ExportMenuProps = { school: School; user: SessionUser; selected: readonly SchoolUser[] };

/**
 * The CSV export menu of the users' button bar (spec 3 §2.2, §6, §9): 'Par éditeur' (one entry per
 * platform the catalogue exports), 'Tous', 'Brut', 'Full', 'URL', 'Enseignements', 'ASM' and
 * 'OneRoster', each shown with its own right at Lecture (`userExports.EXPORT_ITEM_RIGHTS`, which
 * the server checks too) and off without a selection; ASM and OneRoster are off, saying why,
 * while the school's settings hold no location id. The selected users go in the order the grid shows them; while a
 * file is being written, the menu's button is busy. Its foot says which files are guarded against
 * formulas for a spreadsheet (the apostrophe is not part of a value) and which keep exact values.
 */
export function ExportMenu({ school, user, selected }: ExportMenuProps) {
  const { t } = useTranslation();
  const menu = useEscapableMenu();
  const exportFile = useExport();
  const isEmpty = selected.length === 0;
  const mayShow = (item: userExports.ExportItem) => can(user, userExports.EXPORT_ITEM_RIGHTS[item]);
  // In the catalogue's order, as the server lists them.
  const platforms = school.platforms.filter((platform) => platform.platformForExport);
  const isLocated = hasLocationId(school);
  // An archive of pupils alone: its classes have no teacher and its staff list is empty (issue 31 §7).
  const hasNoTeacher = !isEmpty && !selected.some((selectedUser) => selectedUser.profile === 'Enseignant');

  const handleExport = (request: ExportRequest) => {
    exportFile.mutate({
      selection: { uai: school.informations.uai, userIds: selected.map((selectedUser) => selectedUser.id) },
      request,
    });
  };

  return (
    <Menu position="bottom-start" shadow="md" withinPortal {...menu.menuProps}>
      <Menu.Target>
        <Button
          {...menu.targetProps}
          variant="default"
          leftSection={<IconFileExport size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={exportFile.isPending}
        >
          {t('exports.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {isEmpty && <Menu.Label>{t('users.actions.reasons.select')}</Menu.Label>}
        {mayShow('byEditor') && (
          <Menu.Sub>
            <Menu.Sub.Target>
              <Menu.Sub.Item disabled={isEmpty || platforms.length === 0}>{t('exports.items.byEditor')}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown aria-label={t('exports.items.byEditor')}>
              {platforms.map((platform) => (
                <Menu.Item
                  key={platform.platformId}
                  disabled={isEmpty}
                  onClick={() => handleExport({ item: 'byEditor', platform })}
                >
                  {platform.platformName}
                </Menu.Item>
              ))}
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        )}
        {FILE_EXPORT_ITEMS.filter(mayShow).map((item) => {
          const needsLocation = ARCHIVE_ITEMS.includes(item) && !isLocated;
          return (
            <Menu.Item key={item} disabled={isEmpty || needsLocation} onClick={() => handleExport({ item })}>
              {t(`exports.items.${item}`)}
              {needsLocation && (
                <Text component="span" display="block" size="xs">
                  {t('exports.location_missing')}
                </Text>
              )}
              {!needsLocation && hasNoTeacher && ARCHIVE_ITEMS.includes(item) && (
                <Text component="span" display="block" size="xs" maw={320}>
                  {t('exports.no_teacher')}
                </Text>
              )}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        {/* What each kind of file holds: guarded cells for a spreadsheet, exact values for a machine (issue 31 §4). */}
        <Menu.Label maw={320} style={{ textTransform: 'none' }}>
          {t('exports.values.spreadsheet')}
        </Menu.Label>
        <Menu.Label maw={320} style={{ textTransform: 'none' }}>
          {t('exports.values.exact')}
        </Menu.Label>
      </Menu.Dropdown>
    </Menu>
  );
}
