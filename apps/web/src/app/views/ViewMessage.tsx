import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type ViewMessageProps = { title: string; icon: Icon; text: string; action?: ReactNode };

/** In place of a view: its title, and a short message with an icon and, maybe, what to do. */
export function ViewMessage({ title, icon: MessageIcon, text, action }: ViewMessageProps) {
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md" py="xl">
          <ThemeIcon size={48} radius="xl" variant="light" color="ocean" aria-hidden>
            <MessageIcon size={26} stroke={1.5} />
          </ThemeIcon>
          <Text size="md" ta="center" maw={520}>
            {text}
          </Text>
          {action}
        </Stack>
      </Paper>
    </Stack>
  );
}
