import { areaRightOf, documents, users, type School, type SchoolUser, type SessionUser } from '@console/contract';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconEdit } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEscapableMenu } from '#ui/use-escapable-menu';
import { can } from '#lib/abilities';
import { BulkApplicationsModal } from './BulkApplicationsModal';
import { BulkDocumentsModal } from './BulkDocumentsModal';
import { BulkFieldModal } from './BulkFieldModal';
import { BulkMailModal } from '../messaging/BulkMailModal';
import { BulkOptionsModal } from './BulkOptionsModal';
import type { BulkFieldColumn } from './bulk-targets';
import { PneActivationModal } from '../messaging/PneActivationModal';
import { useBulkChange } from './useBulkChange';

type BulkEditMenuProps = { school: School & { users: SchoolUser[] }; user: SessionUser; selected: readonly SchoolUser[] };

type Dialog = BulkFieldColumn | 'options' | 'applications' | 'files' | 'pne' | 'notification' | 'mail';

type Item = {
  key: Dialog | 'adminMode';
  /** The selection rule of spec 3 §5, beyond having a selection. */
  isAllowed: boolean;
};

/**
 * Loaded when first opened: it brings the realtime client (the send's progress), which the users
 * view does not load otherwise.
 */
const BulkNotificationModal = lazy(() =>
  import('../messaging/BulkNotificationModal').then((module) => ({ default: module.BulkNotificationModal })),
);

/** The documents item offers the document manager's documents: it needs to read them too. */
const DOCUMENT_LIST_RIGHT = areaRightOf(documents.listDocuments);

/**
 * The bulk-edit menu (spec 3 §2.2, §5): each item shown with its own right at Lecture, off without
 * a selection, without its own right and its route's at Ecriture (`users.BULK_MENU_RIGHTS`, the rights the
 * server checks), or when its rule forbids the selection (profile, PNE, admin mode).
 */
export function BulkEditMenu({ school, user, selected }: BulkEditMenuProps) {
  const { t } = useTranslation();
  const menu = useEscapableMenu();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const bulk = useBulkChange(school.informations.uai);
  const educadhocId = users.findEducadhocApplication(school.applications)?.idApplication;

  const items: Item[] = [
    { key: 'comment', isAllowed: true },
    { key: 'subject', isAllowed: true },
    { key: 'className', isAllowed: true },
    { key: 'level', isAllowed: true },
    { key: 'profile', isAllowed: users.canBulkChangeProfile(selected) },
    { key: 'options', isAllowed: true },
    { key: 'applications', isAllowed: true },
    { key: 'files', isAllowed: true },
    { key: 'adminMode', isAllowed: users.canToggleAdminMode(selected) },
    { key: 'pne', isAllowed: users.canActivatePne(selected, educadhocId) },
    { key: 'notification', isAllowed: true },
    { key: 'mail', isAllowed: true },
  ];
  const shown = items.filter((item) => can(user, users.BULK_MENU_RIGHTS[item.key].area));
  const mayRun = (item: Item) => {
    const rights = users.BULK_MENU_RIGHTS[item.key];
    const mayList = item.key !== 'files' || can(user, DOCUMENT_LIST_RIGHT.area, DOCUMENT_LIST_RIGHT.level);
    return can(user, rights.area, 'Ecriture') && can(user, rights.route.area, rights.route.level) && mayList;
  };

  const toggleAdminMode = () => {
    const adminMode = users.nextAdminMode(selected);
    bulk.apply(
      { type: 'std', ids: selected.map((selectedUser) => selectedUser.id), column: 'adminMode', value: adminMode },
      {
        successMessage: (count) => t(adminMode === 1 ? 'users.bulk.success.admin_on' : 'users.bulk.success.admin_off', { count }),
      },
    );
  };
  const close = () => setDialog(null);

  return (
    <>
      <Menu position="bottom-start" shadow="md" withinPortal {...menu.menuProps}>
        <Menu.Target>
          <Button
            {...menu.targetProps}
            variant="default"
            leftSection={<IconEdit size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            {t('users.actions.bulk_edit')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {shown.map((item) => (
            <Menu.Item
              key={item.key}
              disabled={selected.length === 0 || !item.isAllowed || !mayRun(item)}
              onClick={() => (item.key === 'adminMode' ? toggleAdminMode() : setDialog(item.key))}
            >
              {item.key === 'adminMode'
                ? t(users.nextAdminMode(selected) === 1 ? 'users.bulk.menu.admin_on' : 'users.bulk.menu.admin_off')
                : t(`users.bulk.menu.${item.key}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {(dialog === 'comment' || dialog === 'subject' || dialog === 'className' || dialog === 'level' || dialog === 'profile') && (
        <BulkFieldModal column={dialog} school={school} selected={selected} bulk={bulk} onClose={close} />
      )}
      {dialog === 'options' && <BulkOptionsModal school={school} selected={selected} bulk={bulk} onClose={close} />}
      {dialog === 'applications' && <BulkApplicationsModal school={school} selected={selected} bulk={bulk} onClose={close} />}
      {dialog === 'files' && <BulkDocumentsModal school={school} selected={selected} onClose={close} />}
      {dialog === 'pne' && <PneActivationModal school={school} selected={selected} onClose={close} />}
      {dialog === 'notification' && (
        <Suspense fallback={null}>
          <BulkNotificationModal user={user} selected={selected} onClose={close} />
        </Suspense>
      )}
      {dialog === 'mail' && <BulkMailModal selected={selected} onClose={close} />}
    </>
  );
}
