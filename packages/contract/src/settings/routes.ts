import { defineRoute } from '../http.js';
import { linkSettingsSchema } from './link-settings.js';

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
