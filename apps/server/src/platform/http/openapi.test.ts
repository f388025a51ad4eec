import { apps, auth, clientConfig, health, schools, users, type RouteDescriptor } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { errorResponseName, distributeNullable, openObjects } from './openapi.js';
import { errorStatusesOf, ROUTE_STATUSES } from './openapi-statuses.js';
import { findRouteByOperationId, operationIdOf } from './operation-ids.js';

describe('errorStatusesOf', () => {
  it.each<[string, RouteDescriptor, number[]]>([
    ['a public GET without input: only failures', clientConfig.getClientConfig, [500, 503]],
    ['the liveness check, which reads nothing', health.getHealth, [500]],
    ['sign-in: public, but throttled and locked', auth.login, [400, 401, 403, 413, 415, 423, 429, 500, 503]],
    ['a session PUT with a body', auth.changePassword, [400, 401, 403, 413, 415, 500, 503]],
    ['an area GET naming a school', schools.getSchool, [400, 401, 403, 404, 500, 503]],
    ['an area GET listing what the caller reaches', schools.listSchools, [401, 403, 500, 503]],
    ['a GET refusing a user without e-mail', apps.supportSignOn, [400, 401, 403, 500, 503]],
    ['a route sending mail (Idempotency-Key)', users.mailUsers, [400, 401, 403, 404, 409, 413, 415, 422, 500, 503]],
  ])('%s', (_case, route, statuses) => {
    expect(errorStatusesOf(route, operationIdOf(route))).toEqual(statuses);
  });

  it('lists only contract routes, and answers of a status no error shares', () => {
    expect(Object.keys(ROUTE_STATUSES).filter((name) => findRouteByOperationId(name) === undefined)).toEqual([]);
    for (const [name, own] of Object.entries(ROUTE_STATUSES)) {
      const errors = errorStatusesOf(findRouteByOperationId(name)!, name);
      expect({
        name,
        shared: Object.keys(own.answers ?? {})
          .map(Number)
          .filter((status) => errors.includes(status as never)),
      }).toEqual({ name, shared: [] });
    }
  });
});

describe('errorResponseName', () => {
  it.each([
    [400, 'BadRequest'],
    [413, 'PayloadTooLarge'],
    [422, 'UnprocessableEntity'],
    [503, 'ServiceUnavailable'],
  ] as const)('names %i %s', (status, name) => {
    expect(errorResponseName(status)).toBe(name);
  });
});

describe('distributeNullable', () => {
  it('moves nullable into the branches of a nullable union', () => {
    const schema = { properties: { value: { nullable: true, anyOf: [{ type: 'string' }, { type: 'integer' }] } } };
    distributeNullable(schema);
    expect(schema).toEqual({
      properties: {
        value: {
          anyOf: [
            { type: 'string', nullable: true },
            { type: 'integer', nullable: true },
          ],
        },
      },
    });
  });

  it('leaves a typed nullable schema, and a union with an untyped branch, as they are', () => {
    const typed = { type: 'string', nullable: true };
    const withReference = { nullable: true, anyOf: [{ $ref: '#/components/schemas/Thing' }, { type: 'integer' }] };
    distributeNullable([typed, withReference]);
    expect(typed).toEqual({ type: 'string', nullable: true });
    expect(withReference).toEqual({ nullable: true, anyOf: [{ $ref: '#/components/schemas/Thing' }, { type: 'integer' }] });
  });
});

describe('openObjects', () => {
  it('drops additionalProperties: false at every depth, and keeps other additionalProperties', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        rights: { type: 'object', additionalProperties: { type: 'integer' } },
        list: { type: 'array', items: [{ additionalProperties: false }] },
      },
    };
    openObjects(schema);
    expect(schema).toEqual({
      type: 'object',
      properties: { rights: { type: 'object', additionalProperties: { type: 'integer' } }, list: { type: 'array', items: [{}] } },
    });
  });
});
