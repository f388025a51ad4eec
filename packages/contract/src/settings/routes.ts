import { okSchema } from '../errors.js';
import { defineRoute } from '../http.js';
import { applicationSettingSchema, applicationSettingsSchema, applicationUpdateSchema } from './applications.js';
import { linkSettingsSchema } from './link-settings.js';
import { platformSettingSchema, platformSettingsSchema, platformUpdateSchema } from './platforms.js';
import { regexSettingsSchema } from './regex-settings.js';
import {
  purgePreviewQuerySchema,
  purgePreviewSchema,
  purgeTaskCreateSchema,
  purgeTaskParamsSchema,
  purgeTaskSchema,
  purgeTasksSchema,
  purgeTaskUpdateSchema,
} from './token-purges.js';

/** The general settings (spec 2 §2.1, §7): staff's, behind the Config right. */

export const getLinkSettings = defineRoute({
  method: 'GET',
  path: '/settings/tabuleo',
  right: { area: 'Config', level: 'Lecture' },
  summary: 'The link settings (the Tabuléo tab): the named links, by name.',
  answer: linkSettingsSchema,
});

export const updateLinkSettings = defineRoute({
  method: 'PUT',
  path: '/settings/tabuleo',
  right: { area: 'Config', level: 'Ecriture' },
  summary: 'Changes the values of named link settings, all or none; answers every link setting.',
  body: linkSettingsSchema,
  answer: linkSettingsSchema,
});

export const getRegexSettings = defineRoute({
  method: 'GET',
  path: '/settings/regex',
  right: { area: 'Config', level: 'Lecture' },
  summary: 'The regex settings (the Regex tab): how each name field (firstname, lastname, login) is cleaned.',
  answer: regexSettingsSchema,
});

export const updateRegexSettings = defineRoute({
  method: 'PUT',
  path: '/settings/regex',
  right: { area: 'Config', level: 'Ecriture' },
  summary: 'Changes the regex settings of the fields listed, all or none; answers every regex setting.',
  body: regexSettingsSchema,
  answer: regexSettingsSchema,
});

export const getPlatformSettings = defineRoute({
  method: 'GET',
  path: '/settings/platforms',
  right: { area: 'Config', level: 'Lecture' },
  summary: 'The platforms catalogue (the Plateformes tab), by order.',
  answer: platformSettingsSchema,
});

export const updatePlatformSettings = defineRoute({
  method: 'PUT',
  path: '/settings/platforms',
  right: { area: 'Config', level: 'Ecriture' },
  summary: 'Adds a platform (newPlateforme, with its id) or changes one, by id; name and id unique. Answers the platform saved.',
  body: platformUpdateSchema,
  answer: platformSettingSchema,
});

export const getApplicationSettings = defineRoute({
  method: 'GET',
  path: '/settings/apps',
  right: { area: 'Config', level: 'Lecture' },
  summary: 'The applications catalogue (the Applications tab), by order.',
  answer: applicationSettingsSchema,
});

export const updateApplicationSettings = defineRoute({
  method: 'PUT',
  path: '/settings/apps',
  right: { area: 'Config', level: 'Ecriture' },
  summary:
    'Adds an application (newApplication; last without an order) or changes one, by idApplication; names unique. Answers the application saved.',
  body: applicationUpdateSchema,
  answer: applicationSettingSchema,
});

export const listPurgeTasks = defineRoute({
  method: 'GET',
  path: '/tokens',
  right: { area: 'Config', level: 'Lecture' },
  summary: 'The scheduled token purges (the Tokens tab), with their last execution, what it removed and their next run.',
  answer: purgeTasksSchema,
});

export const createPurgeTask = defineRoute({
  method: 'POST',
  path: '/tokens',
  right: { area: 'Config', level: 'Ecriture' },
  summary:
    "Schedules a token purge: one platform's tokens, for a list of schools or all, from a start date at a frequency. Answers the task.",
  body: purgeTaskCreateSchema,
  answer: purgeTaskSchema,
});

export const updatePurgeTask = defineRoute({
  method: 'PUT',
  path: '/tokens/:eventId',
  right: { area: 'Config', level: 'Ecriture' },
  summary: 'Changes a token purge (the create payload plus enable). Answers the task.',
  params: purgeTaskParamsSchema,
  body: purgeTaskUpdateSchema,
  answer: purgeTaskSchema,
});

export const deletePurgeTask = defineRoute({
  method: 'DELETE',
  path: '/tokens/:eventId',
  right: { area: 'Config', level: 'Ecriture' },
  summary: 'Deletes a token purge and its run history.',
  params: purgeTaskParamsSchema,
  answer: okSchema,
});

export const previewPurge = defineRoute({
  method: 'GET',
  path: '/tokens/preview',
  right: { area: 'Config', level: 'Lecture' },
  summary: "What a purge of this platform's tokens in these schools (comma-separated UAIs, or all) would clear now.",
  query: purgePreviewQuerySchema,
  answer: purgePreviewSchema,
});
