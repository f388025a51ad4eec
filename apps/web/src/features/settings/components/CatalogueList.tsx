import { Accordion, Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

type CatalogueListProps<E> = {
  entries: readonly E[];
  keyOf: (entry: E) => string;
  titleOf: (entry: E) => string;
  /** Shown dimmed beside the title (an id, a platform). */
  detailOf: (entry: E) => string;
  pictureOf: (entry: E) => string;
  canEdit: boolean;
  addLabel: string;
  newTitle: string;
  emptyText: string;
  /** A new entry's first values. */
  newEntry: () => E;
  /** An entry's form; `onDone` (a new entry's) is called once it is saved or cancelled. */
  renderForm: (entry: E, options: { isNew: boolean; onDone: () => void }) => ReactNode;
};

/**
 * A catalogue of the general settings (platforms, applications): its entries in order, each in a
 * panel holding its form, and a new entry added on top, in edit mode, until saved or cancelled.
 */
export function CatalogueList<E>(props: CatalogueListProps<E>) {
  const { entries, keyOf, titleOf, detailOf, pictureOf, canEdit, addLabel, newTitle, emptyText, newEntry, renderForm } = props;
  // The entry being added, until it is saved or cancelled.
  const [adding, setAdding] = useState<E | null>(null);
  const titleId = useId();
  return (
    <Stack gap="lg">
      {canEdit && adding === null && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(newEntry())}>
            {addLabel}
          </Button>
        </Group>
      )}
      {adding !== null && (
        <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
          <Title order={2} fz="h4" mb="md" id={titleId}>
            {newTitle}
          </Title>
          {renderForm(adding, { isNew: true, onDone: () => setAdding(null) })}
        </Paper>
      )}
      {entries.length === 0 ? (
        <Text>{emptyText}</Text>
      ) : (
        <Accordion multiple variant="separated" chevronPosition="left">
          {entries.map((entry) => (
            <Accordion.Item key={keyOf(entry)} value={keyOf(entry)}>
              <Accordion.Control>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={pictureOf(entry) || null} alt="" size={28} radius="sm" aria-hidden />
                  <Text fw={600}>{titleOf(entry)}</Text>
                  <Text c="dimmed" size="sm">
                    {detailOf(entry)}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>{renderForm(entry, { isNew: false, onDone: () => undefined })}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
