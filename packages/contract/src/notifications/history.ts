import { z } from 'zod';
import { INVALID_APP_LINK, isValidAppLink } from '../settings/applications.js';
import { PROFILE_NAMES, type ProfileName } from '../rights.js';
import { audienceFilterSchema, LOGICAL_OPERATORS, SEARCH_OPERATORS } from './audience.js';

/**
 * A notification as written and recorded (spec 3 §2.5 step 2, §3 'Notification draft' and
 * 'Notification history item', §5 'Notification').
 */

export const TITLE_REQUIRED = 'notifications.errors.title_required';
export const DESCRIPTION_REQUIRED = 'notifications.errors.description_required';
export const TITLE_TOO_LONG = 'notifications.errors.title_too_long';
export const DESCRIPTION_TOO_LONG = 'notifications.errors.description_too_long';

/** What a phone shows of a notification without cutting it much, and what fits a push payload (4 KB) with room. */
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 1000;

/** Where a notification stands: written, being sent, sent (every token tried), or stopped by a failure. */
export const NOTIFICATION_STATUSES = ['draft', 'sending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** The history's first page, and what 'See more' adds (spec 3 §8). */
export const HISTORY_FIRST_PAGE = 20;
export const HISTORY_MORE = 10;
export const HISTORY_LIMIT_MAX = 1000;

/** The texts and the optional link (an http(s) address or an app's own, as `edulib://…`). */
export const notificationTextsSchema = z.object({
  title: z.string(TITLE_REQUIRED).trim().min(1, TITLE_REQUIRED).max(TITLE_MAX, TITLE_TOO_LONG),
  bodyInput: z.string(DESCRIPTION_REQUIRED).trim().min(1, DESCRIPTION_REQUIRED).max(DESCRIPTION_MAX, DESCRIPTION_TOO_LONG),
  linkInput: z.string().trim().max(2000).refine(isValidAppLink, INVALID_APP_LINK).default(''),
});

/** The filters, the texts and the optional link. */
export const notificationDraftSchema = audienceFilterSchema.extend(notificationTextsSchema.shape);
export type NotificationDraft = z.infer<typeof notificationDraftSchema>;

export const savedNotificationSchema = z.object({ idNotification: z.number().int() });

/** What the sending found and did: users and devices targeted, deliveries accepted and refused. */
export const notificationReportSchema = z.object({
  nbUser: z.number().int(),
  nbToken: z.number().int(),
  successCount: z.number().int(),
  failureCount: z.number().int(),
});

export const historyItemSchema = z.object({
  idNotification: z.number().int(),
  labelNotification: z.string(),
  /** Who wrote it ('Prénom Nom'), as they were named then. */
  createdBy: z.string(),
  createdDate: z.string(),
  descriptionNotification: z.string(),
  linkNotification: z.string().nullable(),
  parametersNotification: z.object({
    /** ['all'] for every school. */
    arrayUai: z.array(z.string()),
    /** The schools named, with their names, as the history shows them ('matching schools'). */
    schools: z.array(z.object({ uai: z.string(), name: z.string() })),
    subject: z.array(z.string()),
    logicalOperator: z.enum(LOGICAL_OPERATORS),
    searchOperator: z.enum(SEARCH_OPERATORS),
    arrayProfiles: z.array(z.enum(PROFILE_NAMES as [ProfileName, ...ProfileName[]])),
    arrayApplications: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** Beyond the spec: how many users were chosen one by one (the bulk menu's notification), null for filters. */
    userCount: z.number().int().nullable(),
  }),
  /** Null until its send starts; counts so far while it is sent. */
  reportNotification: notificationReportSchema.nullable(),
  /** Beyond the spec: whether it was sent, is being sent, or is only written. */
  statusNotification: z.enum(NOTIFICATION_STATUSES),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(HISTORY_LIMIT_MAX).default(HISTORY_FIRST_PAGE),
});

export const historySchema = z.object({
  notifications: z.array(historyItemSchema),
  /** Whether older notifications remain beyond `limit` ('See more'). */
  hasMore: z.boolean(),
  /** The subject's operators, as the filters offer them. */
  operators: z.object({ search: z.array(z.enum(SEARCH_OPERATORS)), logical: z.array(z.enum(LOGICAL_OPERATORS)) }),
});
export type NotificationHistory = z.infer<typeof historySchema>;
