import { z } from 'zod';
import { recordIdSchema } from '../ids.js';

const dateString = z.string().nullable();

/** A sub-step as the server sends it (level 2, with its parent's itemId). */
export const workflowSubStepSchema = z.object({
  itemId: z.number().int(),
  itemLabel: z.string(),
  level: z.literal(2),
  parentId: z.number().int(),
  orderInLevel: z.number().int(),
  eventId: z.number().int().nullable(),
  statusId: z.union([z.literal(1), z.literal(2), z.literal(5)]),
  modifiedDate: dateString,
  modifiedBy: z.string().nullable(),
});

/**
 * A step of a school's workflow with the server's field names (spec 1 §3). `statusId` is the
 * stored status; `itemStatus` the displayed one (0 in progress when some sub-steps are done).
 */
export const workflowStepSchema = z.object({
  itemId: z.number().int(),
  itemLabel: z.string(),
  level: z.literal(1),
  parentId: z.null(),
  orderInLevel: z.number().int(),
  eventId: z.number().int().nullable(),
  statusId: z.union([z.literal(1), z.literal(2), z.literal(5)]),
  itemStatus: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(5)]),
  eventComment: z.string().nullable(),
  modifiedDate: dateString,
  modifiedBy: z.string().nullable(),
  subLevels: z.array(workflowSubStepSchema),
});
export type WorkflowStep = z.infer<typeof workflowStepSchema>;
export type WorkflowSubStep = z.infer<typeof workflowSubStepSchema>;

export const statusListSchema = z.array(z.object({ statusLabel: z.string(), statusId: z.number().int() }));

export const schoolWorkflowSchema = z.object({ data: z.array(workflowStepSchema), statusList: statusListSchema });
export type SchoolWorkflow = z.infer<typeof schoolWorkflowSchema>;

/** One action of `PUT /workflows/{uai}` (spec 1 §7). itemId 0 or null inserts a new sub-step. */
export const workflowActionSchema = z.object({
  action: z.enum(['insert', 'delete']),
  data: z.object({
    itemLabel: z.string().max(200),
    itemId: z.number().int().nonnegative().nullable(),
    eventId: z.number().int().nonnegative().nullable(),
    parentId: recordIdSchema.nullable(),
    level: z.union([z.literal(1), z.literal(2)]),
    statusId: z.number().int(),
    eventComment: z.string().max(5000).nullable(),
  }),
});
export type WorkflowAction = z.infer<typeof workflowActionSchema>;

/** A school's row of the global monitoring grid. */
export const schoolWorkflowSummarySchema = z.object({
  uai: z.string(),
  name: z.string(),
  /** Displayed status per step name (0 in progress, 1 done, 2 to do, 5 not needed). */
  steps: z.record(z.string(), z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(5)])),
  lastUpdate: z.string().nullable(),
  by: z.string().nullable(),
});
export type SchoolWorkflowSummary = z.infer<typeof schoolWorkflowSummarySchema>;

/** The quote status of a school, which drives 'Devis signé'. */
export const quoteStatusSchema = z.enum(['none', 'pending', 'signed', 'refused']);
export type QuoteStatus = z.infer<typeof quoteStatusSchema>;
