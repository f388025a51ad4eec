import { z } from 'zod';
import { okSchema } from '../errors.js';
import { defineRoute } from '../http.js';
import { uaiParamsSchema as uaiParams } from '../rules/uai.js';
import { createSchoolBodySchema } from './new-school.js';
import {
  schoolListItemSchema,
  schoolReferenceDataSchema,
  schoolSchema,
  schoolWithUsersSchema,
  statisticsSchema,
} from './schemas.js';

export const listSchools = defineRoute({
  method: 'GET',
  path: '/schools/',
  right: { area: 'Table', level: 'Lecture' },
  summary: "The caller's schools, for the picker.",
  answer: z.array(schoolListItemSchema),
});

export const getReferenceData = defineRoute({
  method: 'GET',
  path: '/schools/data/',
  right: { area: 'NavBar_addEtablissement', level: 'Ecriture' },
  summary: 'Cities, countries and school types for the add-school dialog.',
  answer: schoolReferenceDataSchema,
});

export const getStatistics = defineRoute({
  method: 'GET',
  path: '/schools/stats',
  right: { area: 'Dashboard', level: 'Lecture' },
  summary: 'Statistics of one school (?uai=) or, with the Overview right, of every school.',
  query: z.object({ uai: uaiParams.shape.uai.optional() }),
  answer: statisticsSchema,
});

export const listDeployments = defineRoute({
  method: 'GET',
  path: '/schools/deploy',
  right: { area: 'Monitoring', level: 'Lecture' },
  summary: "The deployment information of the caller's schools.",
  answer: z.array(z.object({ uai: z.string(), name: z.string(), deployment: z.record(z.string(), z.unknown()) })),
});

export const getSchool = defineRoute({
  method: 'GET',
  path: '/schools/:uai',
  right: { area: 'Table', level: 'Lecture' },
  summary: 'One school: informations, deployment, regexes, applications and platforms.',
  params: uaiParams,
  answer: schoolSchema,
});

export const getSchoolUsers = defineRoute({
  method: 'GET',
  path: '/schools/:uai/users',
  right: { area: 'Table', level: 'Lecture' },
  summary: 'One school with its users (the users view).',
  params: uaiParams,
  answer: schoolWithUsersSchema,
});

export const getSchoolApplications = defineRoute({
  method: 'GET',
  path: '/schools/:uai/applis',
  right: { area: 'Table', level: 'Lecture' },
  summary: "The catalogue's applications with the number of the school's users who have each enabled.",
  params: uaiParams,
  answer: z.array(
    z.object({
      idApplication: z.number().int(),
      name: z.string(),
      platformId: z.string(),
      order: z.number().int(),
      enabledUsers: z.number().int(),
    }),
  ),
});

export const createSchool = defineRoute({
  method: 'POST',
  path: '/schools/',
  right: { area: 'NavBar_addEtablissement', level: 'Ecriture' },
  summary: 'Create a school, French (from the directory) or foreign.',
  body: createSchoolBodySchema,
  answer: z.object({ uai: z.string() }),
});

export const deleteSchool = defineRoute({
  method: 'DELETE',
  path: '/schools/:uai',
  right: { area: 'NavBar_addEtablissement', level: 'Ecriture' },
  summary: 'Delete a school that has no users.',
  params: uaiParams,
  answer: okSchema,
});
