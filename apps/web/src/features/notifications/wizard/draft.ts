import { notifications, PROFILE_NAMES, type ProfileName } from '@console/contract';
import { firstMessages } from '#lib/forms';
import type { AudienceFilterBody, NotificationDraftBody } from '../api';

/**
 * The wizard's draft (spec 3 §2.5): the filters of step 1 as the inputs hold them, the texts of
 * step 2, and what the calls take of them.
 */

export type Filters = {
  /** Every school the user reaches ('all'); off, the schools chosen (none chosen: every one too). */
  isAllSchools: boolean;
  uais: string[];
  subject: string;
  logicalOperator: notifications.LogicalOperator;
  searchOperator: notifications.SearchOperator;
  /** None ticked: every profile. */
  profiles: ProfileName[];
  /** The applications' ids as the picker holds them (text); none: every application. */
  applicationIds: string[];
};

export type Texts = { title: string; bodyInput: string; linkInput: string };
export type TextField = keyof Texts;
export const TEXT_FIELDS: readonly TextField[] = ['title', 'bodyInput', 'linkInput'];

export const INITIAL_FILTERS: Filters = {
  isAllSchools: true,
  uais: [],
  subject: '',
  logicalOperator: 'or',
  searchOperator: 'contains',
  profiles: [],
  applicationIds: [],
};

export const INITIAL_TEXTS: Texts = { title: '', bodyInput: '', linkInput: '' };

/** The users and devices the filters reach, as the audience call counted them. */
export type AudienceCounts = { nbUsers: number; nbTokens: number };

/** Whether the filters name every school the user reaches (the switch on, or no school chosen). */
export function isForAllSchools(filters: Filters): boolean {
  return filters.isAllSchools || filters.uais.length === 0;
}

/**
 * The filters as the calls take them, in a stable order (the same choice gives the same body,
 * whatever the order it was made in): every school as ['all'], the subject's terms as typed.
 */
export function audienceBodyOf(filters: Filters): AudienceFilterBody {
  return {
    arrayUai: isForAllSchools(filters) ? ['all'] : [...filters.uais].sort(),
    subject: filters.subject.trim(),
    logicalOperator: filters.logicalOperator,
    searchOperator: filters.searchOperator,
    arrayProfiles: PROFILE_NAMES.filter((profile) => filters.profiles.includes(profile)),
    arrayApplications: filters.applicationIds.map(Number).sort((left, right) => left - right),
  };
}

/**
 * What the audience depends on: two filters with the same key reach the same users (the subject
 * by its terms, so that 'maths, svt' and 'maths,svt' are one). An audience is valid for its key.
 */
export function filtersKeyOf(filters: Filters): string {
  const body = audienceBodyOf(filters);
  return JSON.stringify({ ...body, subject: notifications.subjectTermsOf(body.subject ?? '') });
}

/** Whether the subject holds more terms than a filter takes. */
export function hasTooManyTerms(subject: string): boolean {
  return notifications.subjectTermsOf(subject).length > notifications.SUBJECT_TERMS_MAX;
}

/** The message key of each text that the contract refuses (title and description required, a link's form). */
export function textIssuesOf(texts: Texts): Partial<Record<TextField, string>> {
  const parsed = notifications.notificationDraftSchema.safeParse(texts);
  if (parsed.success) return {};
  const messages = firstMessages(parsed.error.issues);
  return Object.fromEntries(TEXT_FIELDS.filter((field) => messages[field]).map((field) => [field, messages[field]!]));
}

/** The notification to record: the filters and the texts, trimmed. */
export function draftBodyOf(filters: Filters, texts: Texts): NotificationDraftBody {
  return {
    ...audienceBodyOf(filters),
    title: texts.title.trim(),
    bodyInput: texts.bodyInput.trim(),
    linkInput: texts.linkInput.trim(),
  };
}
