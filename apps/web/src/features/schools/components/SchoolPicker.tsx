import { readUaiFromLabel, type SessionUser } from '@console/contract';
import { ActionIcon, Alert, Button, Group, Kbd, Modal, ScrollArea, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '#app/shell/ShellContext';
import { can } from '#lib/abilities';
import { useRefreshSchools, useSchools } from '../api';
import { useSelectSchool } from '../hooks/useSelectSchool';
import { schoolLabelOf } from '../school-label';
import { matchesEveryWord, normaliseSearchText } from '../search-text';
import { DeleteSchoolDialog } from './DeleteSchoolDialog';
import { SchoolPickerList, type PickerEntry } from './SchoolPickerList';
import { LoadingBlock } from '#ui/LoadingBlock';

/** At most this many schools are drawn: 2,000 stay smooth, and a few words find any school. */
export const PICKER_MAX_ROWS = 100;

type SchoolPickerProps = {
  user: Pick<SessionUser, 'rights'>;
  isOpen: boolean;
  onClose: () => void;
};

type SearchableEntry = PickerEntry & { haystack: string };

/**
 * The school picker (Ctrl/Cmd+E): searches the caller's schools by UAI, name and town, makes the
 * chosen one active, reloads the list, and deletes a school without pupils after a confirmation.
 */
export function SchoolPicker({ user, isOpen, onClose }: SchoolPickerProps) {
  const { t } = useTranslation();
  const { activeSchoolUai } = useShell();
  const schools = useSchools({ isEnabled: isOpen });
  const refresh = useRefreshSchools();
  const selectSchool = useSelectSchool();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [toDelete, setToDelete] = useState<PickerEntry | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const canDelete = can(user, 'NavBar_addEtablissement', 'Ecriture');

  const entries = useMemo<SearchableEntry[]>(
    () =>
      (schools.data ?? []).map((school) => {
        const label = schoolLabelOf(school);
        return { school, label, haystack: normaliseSearchText(`${school.UAI} ${school.Nom} ${school.Commune}`) };
      }),
    [schools.data],
  );
  const matches = useMemo(
    () => entries.filter((entry) => matchesEveryWord(entry.haystack, deferredSearch)),
    [entries, deferredSearch],
  );
  const shown = matches.slice(0, PICKER_MAX_ROWS);

  const handleClose = () => {
    setSearch('');
    onClose();
  };

  const handleChoose = (label: string) => {
    selectSchool(readUaiFromLabel(label));
    handleClose();
  };

  const handleSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      listRef.current?.querySelector<HTMLElement>('[data-school-option]')?.focus();
    } else if (event.key === 'Enter' && shown[0]) {
      event.preventDefault();
      handleChoose(shown[0].label);
    }
  };

  return (
    <Modal.Stack>
      <Modal
        stackId="school-picker"
        opened={isOpen}
        onClose={handleClose}
        title={
          <Group gap="xs" component="span">
            <span>{t('schools.picker.title')}</span>
            <Kbd size="xs" aria-hidden>
              Ctrl+E
            </Kbd>
          </Group>
        }
        size="lg"
        styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Stack gap="sm">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              ref={searchRef}
              data-autofocus
              flex={1}
              label={t('schools.picker.search')}
              placeholder={t('schools.picker.search_hint')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              onKeyDown={handleSearchKeyDown}
              autoComplete="off"
            />
            <Tooltip label={t('schools.picker.refresh')}>
              <ActionIcon
                variant="default"
                size={36}
                aria-label={t('schools.picker.refresh')}
                loading={schools.isFetching}
                onClick={() => void refresh(activeSchoolUai)}
              >
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          {schools.isError ? (
            <Alert color="red" variant="light" title={t('global.errors.occurred')}>
              <Button size="xs" variant="default" onClick={() => void schools.refetch()}>
                {t('schools.retry')}
              </Button>
            </Alert>
          ) : schools.isPending ? (
            <LoadingBlock minHeight={120} />
          ) : (
            <>
              <Text size="sm" c="dimmed" role="status">
                {matches.length === 0 ? t('schools.picker.empty') : t('schools.picker.count', { count: matches.length })}
              </Text>
              <ScrollArea.Autosize mah="55vh" viewportRef={listRef} type="auto" offsetScrollbars>
                <SchoolPickerList
                  entries={shown}
                  activeSchoolUai={activeSchoolUai}
                  canDelete={canDelete}
                  onChoose={handleChoose}
                  onDelete={setToDelete}
                  onLeaveTop={() => searchRef.current?.focus()}
                />
              </ScrollArea.Autosize>
              {matches.length > shown.length && (
                <Text size="sm" c="dimmed">
                  {t('schools.picker.truncated', { shown: shown.length, total: matches.length })}
                </Text>
              )}
            </>
          )}
        </Stack>
      </Modal>
      <DeleteSchoolDialog stackId="school-delete" entry={toDelete} onClose={() => setToDelete(null)} />
    </Modal.Stack>
  );
}
