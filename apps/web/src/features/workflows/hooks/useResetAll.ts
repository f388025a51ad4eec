import type { workflows } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetWorkflow, workflowQueryKeys } from '../api';
import { errorTextOf } from '../save-feedback';

/** What the reset of one school gave: '{uai} remis à zéro' or '{uai}: {error}'. */
export type ResetResult = { uai: string; isSuccess: boolean; message: string };

/** Schools reset at the same time: enough to be quick, few enough to spare the server. */
const CONCURRENCY = 4;

/**
 * 'Remettre à zéro tous les établissements' (spec 1 §4, §8): resets each selected school (its
 * workflow read, then the contract's reset actions), reporting per school; each success hands the
 * school's fresh workflow to `onSchoolReset`, which reloads its row.
 */
export function useResetAll(onSchoolReset: (uai: string, workflow: workflows.SchoolWorkflow) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<ResetResult[]>([]);
  const [running, setRunning] = useState<{ done: number; total: number } | null>(null);

  const run = async (uais: string[]) => {
    setResults([]);
    setRunning({ done: 0, total: uais.length });
    const queue = [...uais];
    const resetNext = async (): Promise<void> => {
      const uai = queue.shift();
      if (uai === undefined) return;
      let result: ResetResult;
      try {
        const workflow = await resetWorkflow(uai);
        queryClient.setQueryData(workflowQueryKeys.school(uai), workflow);
        onSchoolReset(uai, workflow);
        result = { uai, isSuccess: true, message: t('global_monitoring.reset_school_done', { uai }) };
      } catch (error) {
        result = {
          uai,
          isSuccess: false,
          message: t('global_monitoring.reset_school_failed', { uai, error: errorTextOf(error, t) }),
        };
      }
      setResults((current) => [...current, result]);
      setRunning((current) => (current ? { ...current, done: current.done + 1 } : current));
      return resetNext();
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, uais.length) }, resetNext));
    setRunning(null);
  };

  return { run, running, results, clearResults: () => setResults([]) };
}
