import { workflows } from '@console/contract';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, call } from '#lib/api';
import { useSchools } from '#features/schools/api';
import { saveErrorOf } from './save-errors';

/** The prefix of every `workflowQueryKeys.school(uai)`, which `uaiOfSchoolWorkflowKey` reads back. */
const SCHOOL_WORKFLOWS_KEY = ['workflows', 'school'] as const;

export const workflowQueryKeys = {
  all: ['workflows'] as const,
  list: ['workflows', 'list'] as const,
  school: (uai: string) => [...SCHOOL_WORKFLOWS_KEY, uai] as const,
  quote: (uai: string) => ['workflows', 'quote', uai] as const,
};

/** The UAI of a `workflowQueryKeys.school(uai)` key, or null for any other key. */
export function uaiOfSchoolWorkflowKey(key: QueryKey): string | null {
  const [root, kind, uai] = key;
  return root === SCHOOL_WORKFLOWS_KEY[0] && kind === SCHOOL_WORKFLOWS_KEY[1] && typeof uai === 'string' ? uai : null;
}

/** One school's workflow: its 13 steps with their sub-steps, and the status list. */
export function useSchoolWorkflow(uai: string) {
  return useQuery({
    queryKey: workflowQueryKeys.school(uai),
    queryFn: () => call(workflows.getSchoolWorkflow, { params: { uai } }),
    staleTime: 30_000,
  });
}

/** The quote status of a school, which drives 'Devis signé'; live updates come over the socket. */
export function useQuoteStatus(uai: string) {
  return useQuery({
    queryKey: workflowQueryKeys.quote(uai),
    queryFn: () => call(workflows.getQuoteStatus, { params: { uai } }),
    staleTime: 60_000,
  });
}

/** The workflow summary of every monitored school (Effectif above 0), one row each in the grid. */
export function useWorkflowSummaries() {
  return useQuery({
    queryKey: workflowQueryKeys.list,
    queryFn: () => call(workflows.listWorkflows),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** A school's name, read from the caller's schools the other views share. */
export function useSchoolName(uai: string): string | null {
  const list = useSchools();
  return list.data?.find((school) => school.UAI === uai)?.Nom ?? null;
}

/**
 * PUT /workflows/{uai}. Resolves with the school's fresh workflow; rejects with a
 * WorkflowSaveError carrying the server's `data.errors` (a refused list answers 400 with the
 * messages the user must read), or the ApiError when the server is unreachable.
 */
export async function saveWorkflow(uai: string, actions: workflows.WorkflowAction[]): Promise<workflows.SchoolWorkflow> {
  try {
    return (await call(workflows.updateSchoolWorkflow, { params: { uai }, body: actions })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) throw saveErrorOf(error.status, error.body);
    throw error;
  }
}

/**
 * Resets a school's workflow from its current state (spec 1 §4): reads it, then sends the
 * contract's reset actions. Resolves with the fresh workflow.
 */
export async function resetWorkflow(uai: string): Promise<workflows.SchoolWorkflow> {
  const current = await call(workflows.getSchoolWorkflow, { params: { uai } });
  const actions = workflows.buildResetActions(current.data);
  if (actions.length === 0) return current;
  return saveWorkflow(uai, actions);
}

/** Saves actions on one school's workflow and keeps the answer as its fresh data. */
export function useSaveWorkflow(uai: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actions: workflows.WorkflowAction[]) => saveWorkflow(uai, actions),
    onSuccess: (workflow) => queryClient.setQueryData(workflowQueryKeys.school(uai), workflow),
  });
}

/** Resets one school's workflow and keeps the answer as its fresh data. */
export function useResetWorkflow(uai: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetWorkflow(uai),
    onSuccess: (workflow) => queryClient.setQueryData(workflowQueryKeys.school(uai), workflow),
  });
}
