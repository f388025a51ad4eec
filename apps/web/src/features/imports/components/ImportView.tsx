import { imports, type SessionUser } from '@console/contract';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '#app/shell/ShellContext';
import { can } from '#lib/abilities';
import { ApiError } from '#lib/api';
import { userMessageOf } from '#lib/error-messages';
import { schoolUsersQuery, useSchool } from '#features/schools/api';
import { requestImportFilter } from '#features/users/import-filter';
import { useDecideImport, useDecisionAtWork, useLatestVerification, useVerifyImport } from '../api';
import { outcomesReport, problemsOf } from '../import-report';
import { ImportForm } from './ImportForm';
import { ImportHistory } from './ImportHistory';
import { ImportPreview } from './ImportPreview';
import { ImportProgress, VerifyProgress } from './ImportProgress';
import { ImportProblems } from './ImportProblems';

export const OUTCOMES_REPORT_FILE = 'rapport-import.csv';

/** What went wrong with a call: its problems (a refused file, a school changed since) or its message. */
function FailureOf({ error, title }: { error: unknown; title: string }) {
  const { t } = useTranslation();
  const problems = error instanceof ApiError ? problemsOf(error.body) : [];
  const { key, params } = userMessageOf(error);
  if (problems.length > 0) return <ImportProblems problems={problems} title={t(key, params)} />;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {t(key, params)}
    </Alert>
  );
}

/**
 * The import view (spec 3 §2.8, §9): choose a file and a mode, verify it; a refused file shows
 * its error report; a verified one its preview, to cancel (an info toast) or confirm: a toast
 * with the line-by-line report, then the users grid filtered on the import's number. Below the
 * form, the school's imports, to show one's users or roll one back.
 */
export function ImportView({ uai, user }: { uai: string; user: SessionUser }) {
  const { t } = useTranslation();
  const shell = useShell();
  const school = useSchool(uai);
  const verify = useVerifyImport();
  // The verification lives in the cache: left while it runs, the view finds it again, running or done.
  const { latest: verification, forget: forgetVerification } = useLatestVerification(uai);
  const decide = useDecideImport(uai);
  const modes = imports.IMPORT_MODES.filter((mode) => mode !== 'teaching' || can(user, 'adminTabs'));
  const applicationNames = useMemo(
    () => new Map((school.data?.applications ?? []).map((application) => [application.idApplication, application.name])),
    [school.data],
  );
  const queryClient = useQueryClient();
  // Left before the import's users are loaded: the view the user went to stays.
  const left = useRef(false);
  useEffect(() => {
    left.current = false;
    return () => void (left.current = true);
  }, []);
  const preview = verification?.status === 'success' ? verification.data : undefined;
  const verifying = verification?.status === 'pending';
  // A confirmation sent before the view was left is still at work: its preview waits, with its progress.
  const decision = useDecisionAtWork(preview?.importNumber);
  const showImportUsers = (importNumber: number) => {
    requestImportFilter({ uai, importNumber });
    shell.setView('users');
  };

  const handleVerify = (file: File, mode: imports.ImportMode) => {
    decide.reset();
    forgetVerification();
    verify.mutate({ file, mode, uai });
  };

  const handleCancel = () => {
    if (!preview) return;
    decide.mutate(
      { importNumber: preview.importNumber, confirmation: 0, excludeUsers: [] },
      {
        onSuccess: () => {
          notifications.show({ color: 'blue', message: t('imports.cancelled') });
        },
      },
    );
  };

  const handleConfirm = (excludeUsers: number[]) => {
    if (!preview) return;
    decide.mutate(
      { importNumber: preview.importNumber, confirmation: 1, excludeUsers },
      {
        onSuccess: (result) => {
          const report = outcomesReport(
            result,
            [t('imports.report.line'), t('imports.preview.login'), t('imports.report.outcome'), t('imports.report.user_id')],
            (outcome) => t(`imports.report.outcomes.${outcome}`),
          );
          const href = URL.createObjectURL(new Blob([report], { type: 'text/csv;charset=utf-8' }));
          notifications.show({
            color: 'green',
            autoClose: 15000,
            onClose: () => URL.revokeObjectURL(href),
            message: (
              <Stack gap={4}>
                <Text size="sm">
                  {t('imports.success', {
                    importNumber: result.importNumber,
                    created: result.counts.created,
                    updated: result.counts.updated,
                    teaching: result.counts.teaching,
                  })}
                </Text>
                <Anchor href={href} download={OUTCOMES_REPORT_FILE} size="sm">
                  {t('imports.report.download_outcomes')}
                </Anchor>
              </Stack>
            ),
          });
          // A teaching import adds assignments, not users: no grid row carries its number, so the view stays here (its report in the toast, its entry in the history).
          // The grid opens as soon as the school's users are loaded again (issue 31 §7: a fixed 2 s wait, the spec's, felt slow).
          if (result.mode !== 'teaching')
            void queryClient
              .fetchQuery(schoolUsersQuery(uai))
              .catch(() => undefined)
              .then(() => {
                if (!left.current) showImportUsers(result.importNumber);
              });
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          {preview ? t('imports.titles.preview') : t('imports.titles.import')}
        </Title>
        {school.data && (
          <Text c="dimmed" mt={4}>
            {preview
              ? t('imports.preview.subtitle', { name: school.data.informations.name, importNumber: preview.importNumber })
              : t('imports.subtitle', { name: school.data.informations.name })}
          </Text>
        )}
      </div>
      {preview ? (
        <ImportPreview
          preview={preview}
          applicationNames={applicationNames}
          isPending={decision !== null}
          onConfirm={handleConfirm}
          onCancel={handleCancel}
        />
      ) : (
        <ImportForm modes={modes} isPending={verifying} onVerify={handleVerify} />
      )}
      {verifying && <VerifyProgress uai={uai} />}
      {preview && decision === 1 && <ImportProgress uai={uai} importNumber={preview.importNumber} />}
      {verification?.status === 'error' && <FailureOf error={verification.error} title={t('imports.refused')} />}
      {decide.isError && <FailureOf error={decide.error} title={t('imports.not_applied_title')} />}
      {!preview && <ImportHistory uai={uai} onShowUsers={showImportUsers} />}
    </Stack>
  );
}
