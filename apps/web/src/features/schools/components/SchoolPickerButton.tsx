import type { SessionUser } from '@console/contract';
import { ActionIcon, Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The picker's code loads the first time it opens, never with the shell.
const SchoolPicker = lazy(() => import('./SchoolPicker').then((module) => ({ default: module.SchoolPicker })));

/** The top bar button of the school picker; Ctrl/Cmd+E opens it from anywhere, inputs included. */
export function SchoolPickerButton({ user }: { user: Pick<SessionUser, 'rights'> }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);

  const handleOpen = () => {
    setHasOpened(true);
    setIsOpen(true);
  };
  useHotkeys([['mod+E', handleOpen]], []);

  return (
    <>
      <Button
        visibleFrom="md"
        variant="default"
        leftSection={<IconBuildingCommunity size={18} stroke={1.6} aria-hidden />}
        rightSection={
          <Kbd size="xs" visibleFrom="lg">
            Ctrl+E
          </Kbd>
        }
        // Named by what it shows, "Établissements Ctrl+E" (WCAG 2.5.3, label in name: a voice-control
        // user says what they see), spelled out because browsers join the button's spans without a space.
        aria-label={`${t('schools.picker.button')} Ctrl+E`}
        aria-keyshortcuts="Control+E Meta+E"
        aria-haspopup="dialog"
        onClick={handleOpen}
      >
        {/* The space keeps "Établissements" and "Ctrl+E" two words in the visible text that label
            in name compares (the button's parts are spans with nothing between them). */}
        {`${t('schools.picker.button')} `}
      </Button>
      <ActionIcon
        hiddenFrom="md"
        variant="default"
        size={36}
        aria-label={t('schools.picker.open')}
        aria-keyshortcuts="Control+E Meta+E"
        aria-haspopup="dialog"
        onClick={handleOpen}
      >
        <IconBuildingCommunity size={18} stroke={1.6} aria-hidden />
      </ActionIcon>
      {hasOpened && (
        <Suspense fallback={null}>
          <SchoolPicker user={user} isOpen={isOpen} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
