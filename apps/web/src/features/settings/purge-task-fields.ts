import { settings } from '@console/contract';
import type { FieldErrors } from '#lib/api';

/**
 * The Tokens tab's form (spec 2 §2.8): a purge task's values as the inputs hold them, turned into
 * the create or edit payload, checked by the contract's schemas, and the list's display formats.
 */

export type PurgeFormValues = {
  eventName: string;
  /** As a datetime-local input holds it, in local time: 'YYYY-MM-DDTHH:mm'; '' when cleared. */
  startDate: string;
  platformId: string | null;
  intervalField: settings.PurgeInterval;
  isAllSchools: boolean;
  uais: string[];
  enable: boolean;
};

export type PurgeFormField = 'eventName' | 'startDate' | 'platformId' | 'intervalField' | 'uais' | 'enable';
export type PurgeFormMessages = Partial<Record<PurgeFormField, string>>;
const FORM_FIELDS: readonly string[] = ['eventName', 'startDate', 'platformId', 'intervalField', 'uais', 'enable'];

/** A web-only message: the contract names a missing platform 'unknown', which reads oddly on an empty choice. */
export const PURGE_PLATFORM_REQUIRED = 'settings.tokens.errors.platform_required';

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as a datetime-local input holds it, in local time, to the minute. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as the ISO instant it means here; '' when empty or unreadable (the schema then names it). */
export function toIsoInstant(localValue: string): string {
  const date = new Date(localValue);
  return localValue.trim() === '' || Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** A new task's first values: starting now (seconds zeroed), daily, the first platform, no school yet. */
export function newPurgeFormValues(platformId: string | null, now: Date = new Date()): PurgeFormValues {
  return {
    eventName: '',
    startDate: toLocalInputValue(settings.defaultPurgeStart(now)),
    platformId,
    intervalField: 'DAY',
    isAllSchools: false,
    uais: [],
    enable: true,
  };
}

/** A stored task's values in the form. */
export function purgeFormValuesOf(task: settings.PurgeTask): PurgeFormValues {
  const { arrayUai, arrayPlatforms } = task.procedureParameters;
  return {
    eventName: task.eventName,
    startDate: toLocalInputValue(new Date(task.startDate)),
    platformId: arrayPlatforms[0] ?? null,
    intervalField: task.intervalField,
    isAllSchools: arrayUai === 'all',
    uais: arrayUai === 'all' ? [] : [...arrayUai],
    enable: task.enable,
  };
}

/** The create payload the values stand for (not yet checked). */
export function createPayloadOf(values: PurgeFormValues): settings.PurgeTaskCreate {
  return {
    eventName: values.eventName,
    platformId: values.platformId ?? '',
    startDate: toIsoInstant(values.startDate),
    intervalField: values.intervalField as settings.PurgeTaskCreate['intervalField'],
    uais: values.isAllSchools ? 'all' : values.uais,
  };
}

/** The edit payload: the create payload plus enable. */
export function updatePayloadOf(values: PurgeFormValues): settings.PurgeTaskUpdate {
  return { ...createPayloadOf(values), intervalField: values.intervalField, enable: values.enable };
}

/** A stored task's own values as an edit payload (its switch flips `enable` on them). */
export function updatePayloadOfTask(task: settings.PurgeTask): settings.PurgeTaskUpdate {
  const { arrayUai, arrayPlatforms } = task.procedureParameters;
  return {
    eventName: task.eventName,
    platformId: arrayPlatforms[0] ?? '',
    startDate: task.startDate,
    intervalField: task.intervalField,
    uais: arrayUai,
    enable: task.enable,
  };
}

type Issue = { path: readonly PropertyKey[]; message: string };

/** The first message of each form field, from zod issues or the server's field errors (`uais.0` goes to `uais`). */
export function purgeFormMessagesOf(source: readonly Issue[] | FieldErrors): PurgeFormMessages {
  const entries: [string, string][] = Array.isArray(source)
    ? (source as readonly Issue[]).map((issue) => [String(issue.path[0] ?? ''), issue.message])
    : Object.entries(source as FieldErrors).flatMap(([path, messages]) =>
        messages[0] === undefined ? [] : [[path.split('.')[0]!, messages[0]]],
      );
  const messages: PurgeFormMessages = {};
  for (const [field, message] of entries) {
    if (FORM_FIELDS.includes(field)) messages[field as PurgeFormField] ??= message;
  }
  return messages;
}

export type PurgeFormCheck =
  | { isValid: true; payload: settings.PurgeTaskCreate | settings.PurgeTaskUpdate }
  | { isValid: false; messages: PurgeFormMessages };

/**
 * Checks the values by the contract's schema (create, or edit which keeps a stored MINUTE): the
 * payload to send, or the message keys by field.
 */
export function checkPurgeForm(values: PurgeFormValues, isEditing: boolean): PurgeFormCheck {
  const parsed = isEditing
    ? settings.purgeTaskUpdateSchema.safeParse(updatePayloadOf(values))
    : settings.purgeTaskCreateSchema.safeParse(createPayloadOf(values));
  const messages = parsed.success ? {} : purgeFormMessagesOf(parsed.error.issues);
  if (!values.platformId) messages.platformId = PURGE_PLATFORM_REQUIRED;
  if (parsed.success && Object.keys(messages).length === 0) return { isValid: true, payload: parsed.data };
  return { isValid: false, messages };
}

/** The preview's query, once a platform and the schools are chosen; null while incomplete. */
export function previewQueryOf(
  values: Pick<PurgeFormValues, 'platformId' | 'isAllSchools' | 'uais'>,
): { platformId: string; uais: string } | null {
  if (!values.platformId) return null;
  if (values.isAllSchools) return { platformId: values.platformId, uais: 'all' };
  return values.uais.length === 0 ? null : { platformId: values.platformId, uais: values.uais.join(',') };
}

/** Up to this many schools are listed by UAI in the list; more are counted. */
export const LISTED_SCHOOLS_MAX = 3;
