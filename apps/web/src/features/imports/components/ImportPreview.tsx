import type { imports } from '@console/contract';
import { Alert, Badge, Button, Checkbox, Group, Pagination, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Lines a page of the preview shows: a file of 10,000 lines stays quick to draw. */
const PAGE_SIZE = 100;

type Column = { key: string; header: string; cell: (user: imports.ImportUser) => ReactNode };

type ImportPreviewProps = {
  preview: imports.ImportCheckAnswer;
  applicationNames: ReadonlyMap<number, string>;
  isPending: boolean;
  onConfirm: (excludedLines: number[]) => void;
  onCancel: () => void;
};

/**
 * An update's changes, one a line: "Niveau : 6e → 5e" (a password only named); a change the
 * school's rule makes rather than the file says so ("Nom : Benali → BENALI (règle de l’établissement)").
 */
function ChangesCell({ user }: { user: imports.ImportUser }) {
  const { t } = useTranslation();
  if (user.changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('imports.preview.no_change')}
      </Text>
    );
  return (
    <Stack gap={2}>
      {user.changes.map((change) => (
        <Text key={change.field} size="sm">
          {change.before === null && change.after === null
            ? t('imports.preview.changed', { field: change.field })
            : t('imports.preview.change', { field: change.field, before: change.before ?? '—', after: change.after ?? '—' })}
          {change.byRule && (
            <Text span size="xs" c="orange.9" fw={600}>
              {` (${t('imports.preview.by_rule')})`}
            </Text>
          )}
        </Text>
      ))}
    </Stack>
  );
}

/** A login, and when the rules numbered it, which line of the file or account holds the plain one. */
function LoginCell({ user }: { user: imports.ImportUser }) {
  const { t } = useTranslation();
  const numbered = user.numberedLogin;
  if (!numbered) return <>{user.informations.login}</>;
  return (
    <Stack gap={0}>
      <Text size="sm">{user.informations.login}</Text>
      <Text size="xs" c="dimmed">
        {numbered.heldBy === null
          ? t('imports.preview.numbered_by_account', { plain: numbered.plain })
          : t('imports.preview.numbered_by_line', { plain: numbered.plain, line: numbered.heldBy })}
      </Text>
    </Stack>
  );
}

/** What a line does; for a line naming a user already in the school, by what it names them. */
function ActionCell({ user }: { user: imports.ImportUser }) {
  const { t } = useTranslation();
  const action = t(`imports.preview.actions.${user.action}`);
  if (!user.existing) return <>{action}</>;
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="outline" color="ocean.9" size="sm" tt="none">
        {t('imports.preview.existing.badge')}
      </Badge>
      <Text size="xs">{t(`imports.preview.existing.by_${user.existing.by}`)}</Text>
      <Text size="sm">{action}</Text>
    </Stack>
  );
}

/**
 * The columns of each mode's preview (spec 3 §2.8: information, options, applications or
 * teaching). A new user's preview shows every value the import writes, those the file leaves out
 * too (Admin mode on unless the file says otherwise).
 */
function columnsOf(
  preview: imports.ImportCheckAnswer,
  t: (key: string) => string,
  applicationNames: ReadonlyMap<number, string>,
): Column[] {
  const { mode } = preview;
  const who: Column[] = [
    { key: 'login', header: t('imports.preview.login'), cell: (user) => <LoginCell user={user} /> },
    { key: 'lastName', header: t('imports.preview.last_name'), cell: (user) => user.informations.lastName },
    { key: 'firstName', header: t('imports.preview.first_name'), cell: (user) => user.informations.firstName },
  ];
  if (mode === 'teaching') {
    return [
      ...who,
      { key: 'class', header: t('imports.preview.class'), cell: (user) => user.teaching[0]?.class },
      { key: 'discipline', header: t('imports.preview.discipline'), cell: (user) => user.teaching[0]?.discipline },
    ];
  }
  const changes: Column = { key: 'changes', header: t('imports.preview.changes'), cell: (user) => <ChangesCell user={user} /> };
  if (mode === 'users_update') return [...who, changes];
  // A new-users file naming users already there shows what it would change for them.
  const existingChanges: Column[] = preview.users.some((user) => user.existing)
    ? [{ ...changes, cell: (user) => (user.existing ? <ChangesCell user={user} /> : null) }]
    : [];
  return [
    { key: 'profile', header: t('imports.preview.profile'), cell: (user) => user.informations.profile },
    ...who,
    { key: 'password', header: t('imports.preview.password'), cell: (user) => user.informations.password ?? '••••••' },
    { key: 'level', header: t('imports.preview.level'), cell: (user) => user.informations.level ?? '' },
    { key: 'class', header: t('imports.preview.class'), cell: (user) => user.informations.class ?? '' },
    { key: 'subject', header: t('imports.preview.subject'), cell: (user) => user.informations.subject ?? '' },
    { key: 'email', header: t('imports.preview.email'), cell: (user) => user.informations.email ?? '' },
    {
      key: 'adminMode',
      header: t('imports.preview.admin_mode'),
      cell: (user) => t(user.informations.adminMode === 1 ? 'imports.preview.yes' : 'imports.preview.no'),
    },
    {
      key: 'options',
      header: t('imports.preview.options'),
      cell: (user) => user.options.map((option) => option.name).join(', '),
    },
    {
      key: 'applications',
      header: t('imports.preview.applications'),
      cell: (user) =>
        user.applications
          .filter((application) => application.etat === 1)
          .map((application) => {
            const name = applicationNames.get(application.idApplication) ?? String(application.idApplication);
            // Given by the school's defaults, not by the file: said so before anything is confirmed.
            return application.bySchool ? `${name} (${t('imports.preview.by_school')})` : name;
          })
          .join(', '),
    },
    ...existingChanges,
  ];
}

/** `excluded` with `lines` left out (true) or ticked (false). */
function withLines(excluded: ReadonlySet<number>, lines: readonly number[], leftOut: boolean): ReadonlySet<number> {
  const next = new Set(excluded);
  for (const line of lines) {
    if (leftOut) next.add(line);
    else next.delete(line);
  }
  return next;
}

/** The lines of a new-users file that name users already in the school. */
const existingLines = (preview: imports.ImportCheckAnswer) => preview.users.flatMap((user) => (user.existing ? [user.line] : []));

/**
 * The preview of a verified file (spec 3 §2.8): what each line will do, every line ticked to be
 * imported (the operator unticks those to leave out) but those of a new-users file naming users
 * already in the school (ticked, they update them), the counts, then Cancel or Confirm.
 */
export function ImportPreview({ preview, applicationNames, isPending, onConfirm, onCancel }: ImportPreviewProps) {
  const { t } = useTranslation();
  const [existing] = useState(() => existingLines(preview));
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(() => new Set(existing));
  const [page, setPage] = useState(1);
  const columns = columnsOf(preview, t, applicationNames);
  const shown = preview.users.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const pages = Math.ceil(preview.users.length / PAGE_SIZE);
  const included = preview.users.length - excluded.size;
  const linesByRule = preview.users.filter((user) => user.changes.some((change) => change.byRule)).length;
  const toggle = (line: number, isIncluded: boolean) => {
    const next = new Set(excluded);
    if (isIncluded) next.delete(line);
    else next.add(line);
    setExcluded(next);
  };

  return (
    <Stack gap="md">
      <Group gap="xs">
        {(['create', 'update', 'unchanged', 'teaching'] as const).map((action) =>
          preview.counts[action] > 0 ? (
            <Badge key={action} variant="light" color={action === 'unchanged' ? 'gray.7' : 'ocean.9'}>
              {t(`imports.preview.counts.${action}`, { count: preview.counts[action] })}
            </Badge>
          ) : null,
        )}
      </Group>
      {preview.ignoredColumns.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('imports.preview.ignored_columns', { columns: preview.ignoredColumns.join(', ') })}
        </Text>
      )}
      {existing.length > 0 && (
        <Alert color="orange" variant="light" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm" fw={600}>
              {t('imports.preview.existing.title', { count: existing.length })}
            </Text>
            <Text size="sm">{t('imports.preview.existing.hint')}</Text>
            {existing.some((line) => excluded.has(line)) ? (
              <Button size="xs" onClick={() => setExcluded(withLines(excluded, existing, false))}>
                {t('imports.preview.existing.tick', { count: existing.length })}
              </Button>
            ) : (
              <Button size="xs" variant="default" onClick={() => setExcluded(withLines(excluded, existing, true))}>
                {t('imports.preview.existing.untick', { count: existing.length })}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {linesByRule > 0 && (
        <Alert color="orange" variant="light" role="status">
          {t('imports.preview.by_rule_hint', { count: linesByRule })}
        </Alert>
      )}
      <ScrollArea>
        <Table striped highlightOnHover withTableBorder fz="sm" aria-label={t('imports.preview.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('imports.preview.include')}</Table.Th>
              <Table.Th scope="col">{t('imports.report.line')}</Table.Th>
              <Table.Th scope="col">{t('imports.preview.action')}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.key} scope="col">
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((user) => (
              <Table.Tr key={user.line}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('imports.preview.include_line', { line: user.line })}
                    checked={!excluded.has(user.line)}
                    onChange={(event) => toggle(user.line, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>{user.line}</Table.Td>
                <Table.Td>
                  <ActionCell user={user} />
                </Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.cell(user)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label={t('imports.preview.pages')} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={isPending}>
          {t('imports.cancel')}
        </Button>
        <Button onClick={() => onConfirm([...excluded])} loading={isPending} disabled={included === 0}>
          {t('imports.confirm', { count: included })}
        </Button>
      </Group>
    </Stack>
  );
}
