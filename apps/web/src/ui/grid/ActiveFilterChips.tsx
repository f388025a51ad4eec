import { Badge, Button, CloseButton, Group } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An active column filter as the chip shows it. */
export type ActiveFilter = { colId: string; column: string; value: string };

type ActiveFilterChipsProps = { filters: ActiveFilter[]; onRemove: (colId: string) => void; onClear: () => void };

/** The active filters of a grid as removable chips, and 'Supprimer les filtres' (AG Grid Community has no filter bar). */
export function ActiveFilterChips({ filters, onRemove, onClear }: ActiveFilterChipsProps) {
  const { t } = useTranslation();
  if (filters.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label={t('grid.filters_label')}>
      {filters.map((filter) => (
        <Badge
          key={filter.colId}
          size="lg"
          radius="xl"
          variant="outline"
          color="ocean.8"
          bg="white"
          tt="none"
          fw={500}
          pr={4}
          rightSection={
            <CloseButton
              size="sm"
              radius="xl"
              aria-label={t('grid.remove_filter', { column: filter.column })}
              onClick={() => onRemove(filter.colId)}
            />
          }
        >
          {filter.column} : {filter.value}
        </Badge>
      ))}
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        c="red.9"
        leftSection={<IconFilterOff size={14} />}
        onClick={onClear}
      >
        {t('grid.clear_filters')}
      </Button>
    </Group>
  );
}
