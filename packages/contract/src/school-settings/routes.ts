import { defineRoute } from '../http.js';
import { uaiParamsSchema as uaiParams } from '../rules/uai.js';
import {
  deploymentOptionsSchema,
  revealedSecretSchema,
  revealSecretBodySchema,
  schoolParamsSchema,
  schoolParamsUpdateSchema,
} from './params.js';

/**
 * The school settings (spec 2 §2.2, §7). Reading and changing them also needs adminTabs at
 * Lecture, checked by the service beside the route's right (a route names one right).
 */

export const getSchoolParams = defineRoute({
  method: 'GET',
  path: '/schools/:uai/params',
  right: { area: 'ParamEtablissement', level: 'Lecture' },
  summary: "A school's settings: general, login pattern, platforms, deployment; secrets only as set or not. Needs adminTabs too.",
  params: uaiParams,
  answer: schoolParamsSchema,
});

export const updateSchoolParams = defineRoute({
  method: 'PATCH',
  path: '/schools/:uai/params',
  right: { area: 'ParamEtablissement', level: 'Ecriture' },
  summary: "Changes a school's settings, all or none; answers them as read. Needs adminTabs too.",
  params: uaiParams,
  body: schoolParamsUpdateSchema,
  answer: schoolParamsSchema,
});

export const revealSchoolSecret = defineRoute({
  method: 'POST',
  path: '/schools/:uai/params/secret',
  right: { area: 'ParamEtablissement', level: 'Ecriture' },
  summary: 'One secret of a school (to show or copy it where it is edited), recorded in the audit log. Needs adminTabs too.',
  params: uaiParams,
  body: revealSecretBodySchema,
  answer: revealedSecretSchema,
});

export const getDeploymentOptions = defineRoute({
  method: 'GET',
  path: '/schools/deploy/options',
  right: { area: 'ParamEtablissement', level: 'Lecture' },
  summary: 'The MDMs and material types a deployment is chosen among.',
  answer: deploymentOptionsSchema,
});
