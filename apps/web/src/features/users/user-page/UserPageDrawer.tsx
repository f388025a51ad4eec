import type { SessionUser } from '@console/contract';
import { Button, Drawer, Group, Stack } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { ApiError } from '#lib/api';
import { useUserPage } from '../api';
import { UserPageHeader } from './UserPageHeader';
import type { Section } from './UserPageSections';
import { LoadingBlock } from '#ui/LoadingBlock';
import { ErrorAlert } from '#ui/ErrorAlert';

// The page's sections and forms load with the first page opened, beside its data, not with the
// users view (its bundle budget: docs/design.md, "Bundle budgets").
const loadBody = () => import('./UserPageBody');
const UserPageBody = lazy(() => loadBody().then((module) => ({ default: module.UserPageBody })));

export type UserPageDrawerProps = {
  /** The user shown, or null when closed. */
  userId: number | null;
  user: SessionUser;
  /** The grid's current filtered and sorted order, read when stepping. */
  getOrderedIds: () => number[];
  onNavigate: (id: number) => void;
  onClose: () => void;
};

/** The users before and after this one in the grid's order; none at the ends or when the user is not in it. */
function neighboursOf(ids: readonly number[], userId: number | null): { previousId: number | null; nextId: number | null } {
  const index = userId === null ? -1 : ids.indexOf(userId);
  if (index === -1) return { previousId: null, nextId: null };
  return { previousId: ids[index - 1] ?? null, nextId: ids[index + 1] ?? null };
}

/** A user's page over the users view, with previous, next and close. */
export function UserPageDrawer({ userId, user, getOrderedIds, onNavigate, onClose }: UserPageDrawerProps) {
  const { t } = useTranslation();
  const page = useUserPage(userId);
  // The section chosen stays while stepping from user to user.
  const [section, setSection] = useState<Section | null>(null);
  const isOpened = userId !== null;
  const canStep = can(user, 'Table');
  const { previousId, nextId } = isOpened && canStep ? neighboursOf(getOrderedIds(), userId) : { previousId: null, nextId: null };
  useEffect(() => {
    if (isOpened) void loadBody();
  }, [isOpened]);

  return (
    <Drawer.Root opened={isOpened} onClose={onClose} position="right" size="min(1120px, 100%)">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title fw={650}>{t('users.page.title')}</Drawer.Title>
          <Group gap="xs" wrap="nowrap">
            {canStep && (
              <>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconChevronLeft size={14} aria-hidden />}
                  disabled={previousId === null}
                  onClick={() => previousId !== null && onNavigate(previousId)}
                >
                  {t('users.page.previous')}
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  rightSection={<IconChevronRight size={14} aria-hidden />}
                  disabled={nextId === null}
                  onClick={() => nextId !== null && onNavigate(nextId)}
                >
                  {t('users.page.next')}
                </Button>
              </>
            )}
            <Drawer.CloseButton aria-label={t('global.close')} />
          </Group>
        </Drawer.Header>
        <Drawer.Body>
          {page.isPending ? (
            <LoadingBlock minHeight={240} />
          ) : page.isError ? (
            // A user's address that outlived them (or another school's) says so; the page closes back to the grid.
            <ErrorAlert
              messageKey={page.error instanceof ApiError && page.error.status === 404 ? 'users.page.not_found' : undefined}
            />
          ) : (
            <Stack gap="lg">
              <UserPageHeader page={page.data} />
              <Suspense fallback={<LoadingBlock minHeight={240} />}>
                {/* Keyed by user, so that an edit under way does not follow to the next user. */}
                <UserPageBody
                  key={page.data.informations.userId}
                  page={page.data}
                  user={user}
                  section={section}
                  onSectionChange={setSection}
                />
              </Suspense>
            </Stack>
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
