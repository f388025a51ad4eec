import { z } from 'zod';
import { defineRoute } from '../http.js';

export const alertSchema = z.object({
  label: z.string(),
  type: z.enum(['info', 'warning', 'danger']),
});
export type Alert = z.infer<typeof alertSchema>;

export const listAlerts = defineRoute({
  method: 'GET',
  path: '/alerts',
  right: 'public',
  summary: 'The support host’s alerts; an empty list when it is unset, down or slow.',
  answer: z.array(alertSchema),
});
