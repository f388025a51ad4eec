import type { CellValue } from '@console/contract';
import { ActionIcon, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { ICellRendererParams } from 'ag-grid-community';
import type { GridBridge } from './grid-bridge';
import type { UsersGridRow } from './grid-rows';

const MASK = '••••••••';

/**
 * A Password cell: a mask and a reveal button until the password is asked for, then the clear
 * password (held in the grid component's state only), or a dash when it cannot be shown.
 */
export function PasswordCell({ data, context }: ICellRendererParams<UsersGridRow, CellValue, GridBridge>) {
  if (!data) return null;
  const handlers = context.current;
  const password = handlers.passwordOf(data.id);
  if (password === undefined) {
    return (
      <Group gap={4} wrap="nowrap" h="100%">
        {/* A name on a bare span is not read (axe aria-prohibited-attr): the mask is drawn, the words are read. */}
        <Text component="span" size="sm" aria-hidden>
          {MASK}
        </Text>
        <VisuallyHidden>{handlers.passwordLabels.hidden}</VisuallyHidden>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={handlers.passwordLabels.reveal(String(data.login ?? ''))}
          onClick={() => handlers.revealPassword(data)}
        >
          <IconEye size={14} />
        </ActionIcon>
      </Group>
    );
  }
  return password === null ? (
    <Text component="span" size="sm" c="dimmed" title={handlers.passwordLabels.unavailable}>
      —
    </Text>
  ) : (
    <Text component="span" size="sm" ff="monospace">
      {password}
    </Text>
  );
}
