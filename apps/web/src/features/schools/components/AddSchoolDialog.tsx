import { Modal, Tabs } from '@mantine/core';
import { IconFlag, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ForeignSchoolForm } from './ForeignSchoolForm';
import { FrenchSchoolForm } from './FrenchSchoolForm';

type AddSchoolDialogProps = { isOpen: boolean; onClose: () => void };

/** Adds a school: a French one from the education directory, or a foreign one typed by hand. */
export function AddSchoolDialog({ isOpen, onClose }: AddSchoolDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={t('schools.add.title')}
      size="xl"
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Tabs defaultValue="french" keepMounted={false}>
        <Tabs.List aria-label={t('schools.add.title')} mb="lg">
          <Tabs.Tab value="french" leftSection={<IconFlag size={16} aria-hidden />}>
            {t('schools.add.tabs.french')}
          </Tabs.Tab>
          <Tabs.Tab value="foreign" leftSection={<IconWorld size={16} aria-hidden />}>
            {t('schools.add.tabs.foreign')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="french">
          <FrenchSchoolForm onCreated={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="foreign">
          <ForeignSchoolForm onCreated={onClose} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
