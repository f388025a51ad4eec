import { imports } from '@console/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  Overlay,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '#app/shell/ShellContext';
import { requestImportFilter } from '#features/users/import-filter';
import { saveFile } from '#lib/save-file';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';
import { notifyFailure } from '#ui/notify-failure';
import { useDecideImport } from '#features/imports/api';
import { downloadEcoleDirecteUsers, useEcoleDirecteImport, useEcoleDirecteStatus, useSaveEcoleDirecteToken } from '../api';

/** How long the retry's failure stays (spec 2 §8: 5 seconds). */
export const SYNC_FAILURE_MS = 5000;

type Verified = imports.EcoleDirecteImportAnswer;

/**
 * The EcoleDirecte tab (spec 2 §2.11): the school's token (saved apart, said set or not), an
 * adjacent school, next year and whose users; the sync, disabled under a note until a token is
 * there, first 'continue' (the users fetched and verified as an import), then 'synchronize' (the
 * batch confirmed), or, when lines had problems, the first one, the report and 'Importer le
 * reste'. Once imported, the users grid opens on the import.
 */
export function EcoleDirecteTab({ uai }: { uai: string }) {
  const { t } = useTranslation();
  const shell = useShell();
  const status = useEcoleDirecteStatus(uai);
  const saveToken = useSaveEcoleDirecteToken(uai);
  const fetchUsers = useEcoleDirecteImport(uai);
  // The import view's confirmation: the same call, and the school's users and history fetched again.
  const confirm = useDecideImport(uai);
  const [token, setToken] = useState('');
  const [adjacentUai, setAdjacentUai] = useState('');
  const [nextYear, setNextYear] = useState(false);
  const [profil, setProfil] = useState<imports.EcoleDirecteProfile>('all');
  const [verified, setVerified] = useState<Verified | null>(null);
  const [syncFailed, setSyncFailed] = useState(false);
  useEffect(() => {
    if (!syncFailed) return;
    const timer = setTimeout(() => setSyncFailed(false), SYNC_FAILURE_MS);
    return () => clearTimeout(timer);
  }, [syncFailed]);

  if (status.isPending) return <LoadingBlock />;
  if (status.isError) return <ErrorAlert />;
  const hasToken = status.data.tokenSet || token.trim() !== '';
  // A problem's words, after its column when it names one.
  const messageOf = (problem: imports.ImportProblem) => {
    const message = t(problem.msg, problem.params ?? {});
    return problem.field ? `${problem.field} : ${message}` : message;
  };

  const onSaveToken = () =>
    saveToken.mutate(token.trim(), {
      onSuccess: () => {
        setToken('');
        notifications.show({ color: 'teal', message: t('school_settings.ecole_directe.token_saved') });
      },
      onError: (error) => notifyFailure(error, t),
    });

  const onContinue = () => {
    setVerified(null);
    fetchUsers.mutate(
      { token: token.trim() || undefined, adjacentUai, nextYear, profil },
      { onSuccess: setVerified, onError: (error) => notifyFailure(error, t) },
    );
  };

  const onSynchronize = (answer: Verified) => {
    if (answer.importNumber === null) return;
    const excludeUsers = answer.errors.map((problem) => problem.line);
    confirm.mutate(
      { importNumber: answer.importNumber, confirmation: 1, excludeUsers },
      {
        onSuccess: (result) => {
          const count = result.counts.created;
          notifications.show({ color: 'teal', message: t('school_settings.ecole_directe.imported', { count }) });
          setVerified(null);
          requestImportFilter({ uai, importNumber: result.importNumber });
          shell.setView('users');
        },
        onError: () => setSyncFailed(true),
      },
    );
  };

  const reportName = t('school_settings.ecole_directe.report_name');
  const report = (answer: Verified) =>
    answer.errors
      .map((problem) => t('school_settings.ecole_directe.report_line', { line: problem.line, message: messageOf(problem) }))
      .join('\n');

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('school_settings.ecole_directe.title')}
        </Title>
        <Group align="flex-end">
          <PasswordInput
            label={t('school_settings.ecole_directe.token')}
            description={t(
              status.data.tokenSet ? 'school_settings.ecole_directe.token_set' : 'school_settings.ecole_directe.token_unset',
            )}
            value={token}
            onChange={(event) => setToken(event.currentTarget.value)}
            autoComplete="off"
            style={{ flex: 1 }}
          />
          {status.data.canEdit && (
            <Button variant="light" onClick={onSaveToken} disabled={token.trim() === ''} loading={saveToken.isPending}>
              {t('school_settings.ecole_directe.save_token')}
            </Button>
          )}
        </Group>
        <Box pos="relative">
          {!hasToken && (
            <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.85} blur={1} center zIndex={2}>
              <Text fw={500} ta="center" px="md">
                {t('school_settings.ecole_directe.token_missing')}
              </Text>
            </Overlay>
          )}
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('school_settings.ecole_directe.adjacent_uai')}
                value={adjacentUai}
                onChange={(event) => setAdjacentUai(event.currentTarget.value)}
                disabled={!hasToken}
              />
              <Select
                label={t('school_settings.ecole_directe.profile')}
                data={imports.ECOLE_DIRECTE_PROFILES.map((value) => ({
                  value,
                  label: t(`school_settings.ecole_directe.profiles.${value}`),
                }))}
                value={profil}
                onChange={(value) => value && setProfil(value as imports.EcoleDirecteProfile)}
                allowDeselect={false}
                disabled={!hasToken}
              />
              <Checkbox
                mt="xl"
                label={t('school_settings.ecole_directe.next_year')}
                checked={nextYear}
                onChange={(event) => setNextYear(event.currentTarget.checked)}
                disabled={!hasToken}
              />
            </SimpleGrid>
            {verified === null || verified.importNumber === null || verified.errors.length > 0 ? (
              <Group>
                <Button onClick={onContinue} disabled={!hasToken} loading={fetchUsers.isPending}>
                  {t('school_settings.ecole_directe.continue')}
                </Button>
                <Button
                  variant="default"
                  disabled={!status.data.tokenSet}
                  onClick={() =>
                    void downloadEcoleDirecteUsers(uai, { profil, adjacentUai, nextYear }).catch((error: unknown) =>
                      notifyFailure(error, t),
                    )
                  }
                >
                  {t('school_settings.ecole_directe.download_users')}
                </Button>
              </Group>
            ) : (
              <Group>
                <Text>{t('school_settings.ecole_directe.to_import', { count: verified.nbLinesToImport })}</Text>
                <Button onClick={() => onSynchronize(verified)} loading={confirm.isPending}>
                  {t('school_settings.ecole_directe.synchronize')}
                </Button>
              </Group>
            )}
            {verified?.nbLinesToImport === 0 && verified.errors.length === 0 && (
              <Alert color="blue">{t('school_settings.ecole_directe.nothing_new')}</Alert>
            )}
            {verified && verified.errors.length > 0 && (
              <Alert color="red" title={t('school_settings.ecole_directe.error', { message: messageOf(verified.errors[0]!) })}>
                <Group>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => saveFile(new Blob([report(verified)], { type: 'text/plain;charset=utf-8' }), reportName)}
                  >
                    {reportName}
                  </Anchor>
                  {verified.importNumber !== null && (
                    <Button size="xs" onClick={() => onSynchronize(verified)} loading={confirm.isPending}>
                      {t('school_settings.ecole_directe.import_rest', { count: verified.nbLinesToImport })}
                    </Button>
                  )}
                </Group>
              </Alert>
            )}
            {syncFailed && <Alert color="red">{t('school_settings.ecole_directe.sync_failed')}</Alert>}
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}
