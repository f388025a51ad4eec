import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';

type UndoableToastProps = { message: string; undoLabel: string; onUndo: () => Promise<void> };

/** A success message with an undo button, which undoes once. */
export function UndoableToast({ message, undoLabel, onUndo }: UndoableToastProps) {
  const [isUndoing, setIsUndoing] = useState(false);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{message}</Text>
      <Button
        size="compact-sm"
        variant="light"
        loading={isUndoing}
        onClick={() => {
          setIsUndoing(true);
          void onUndo().finally(() => setIsUndoing(false));
        }}
      >
        {undoLabel}
      </Button>
    </Group>
  );
}
