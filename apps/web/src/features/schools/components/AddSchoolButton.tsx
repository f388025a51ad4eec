import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBuildingPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog's code loads the first time it opens, never with the shell.
const AddSchoolDialog = lazy(() => import('./AddSchoolDialog').then((module) => ({ default: module.AddSchoolDialog })));

/** The top bar button that opens the add-school dialog. */
export function AddSchoolButton() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Tooltip label={t('schools.add.open')}>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={t('schools.add.open')}
          aria-haspopup="dialog"
          onClick={() => {
            setHasOpened(true);
            setIsOpen(true);
          }}
        >
          <IconBuildingPlus size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {hasOpened && (
        <Suspense fallback={null}>
          <AddSchoolDialog isOpen={isOpen} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
