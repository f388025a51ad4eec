import { z } from 'zod';
import { errorBodySchema } from '../errors.js';
import { defineRoute } from '../http.js';
import { uaiParamsSchema as uaiParams } from '../rules/uai.js';
import { quoteStatusSchema, schoolWorkflowSchema, schoolWorkflowSummarySchema, workflowActionSchema } from './schemas.js';

export const getSchoolWorkflow = defineRoute({
  method: 'GET',
  path: '/workflows/:uai',
  right: { area: 'Monitoring', level: 'Lecture' },
  summary: "A school's workflow: its 13 steps with their sub-steps, and the status list.",
  params: uaiParams,
  answer: schoolWorkflowSchema,
});

export const listWorkflows = defineRoute({
  method: 'GET',
  path: '/workflows',
  right: { area: 'GlobalMonitoring', level: 'Lecture' },
  summary: 'The workflow summary of every reachable school with at least one pupil.',
  answer: z.array(schoolWorkflowSummarySchema),
});

/**
 * Applies a list of actions in one transaction. 200 with the school's fresh workflow; a refused
 * list answers 400 with `data.errors` (messages to show) and changes nothing.
 */
export const updateSchoolWorkflow = defineRoute({
  method: 'PUT',
  path: '/workflows/:uai',
  right: { area: 'Monitoring', level: 'Ecriture' },
  summary: "Insert or delete steps' events and sub-steps of a school's workflow, all or nothing.",
  params: uaiParams,
  body: z.array(workflowActionSchema).min(1).max(500),
  answer: z.object({ status: z.literal(200), data: schoolWorkflowSchema }),
});

/**
 * The 400 answer of a refused `PUT /workflows/{uai}`: the shared error body (code
 * `validation_failed`, `details.errors`) plus the spec's `data.errors`, the messages to show.
 * A body that fails the request schema gets the plain error body (details.fieldErrors) instead.
 */
export const workflowUpdateRejectionSchema = errorBodySchema.extend({ data: z.object({ errors: z.array(z.string()) }) });
export type WorkflowUpdateRejection = z.infer<typeof workflowUpdateRejectionSchema>;

export const getQuoteStatus = defineRoute({
  method: 'GET',
  path: '/workflows/:uai/quote',
  right: { area: 'Monitoring', level: 'Lecture' },
  summary: "The school's quote status (from the database, or Dolibarr when configured).",
  params: uaiParams,
  answer: z.object({ uai: z.string(), status: quoteStatusSchema }),
});

export const setQuoteStatus = defineRoute({
  method: 'PUT',
  path: '/workflows/:uai/quote',
  right: { area: 'GlobalMonitoring', level: 'Ecriture' },
  summary: 'Set the quote status kept in the database (embedded default; refused when Dolibarr is the source).',
  params: uaiParams,
  body: z.object({ status: quoteStatusSchema }),
  answer: z.object({ uai: z.string(), status: quoteStatusSchema }),
});
