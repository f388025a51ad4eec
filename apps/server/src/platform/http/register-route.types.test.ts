import { describe, expectTypeOf, it } from 'vitest';
import type { JsonList } from './json-answer.js';
import type { WithJsonLists } from './register-route.js';

// Checked by the type checker (npm run typecheck builds the tests): a route serialised as JSON may
// give a list as a JsonList of the same items, and of no other.
type Answer = { importNumber: number; users: { login: string }[]; counts: { create: number } };

describe('WithJsonLists', () => {
  it('lets each list of an answer be a JsonList of the same items, and nothing else change', () => {
    expectTypeOf<{ importNumber: number; users: JsonList<{ login: string }>; counts: { create: number } }>().toExtend<
      WithJsonLists<Answer>
    >();
    expectTypeOf<Answer>().toExtend<WithJsonLists<Answer>>();
    expectTypeOf<{ importNumber: number; users: JsonList<number>; counts: { create: number } }>().not.toExtend<
      WithJsonLists<Answer>
    >();
    expectTypeOf<{ importNumber: JsonList<number>; users: []; counts: { create: number } }>().not.toExtend<
      WithJsonLists<Answer>
    >();
    // An answer that is itself a list stays one.
    expectTypeOf<WithJsonLists<string[]>>().toEqualTypeOf<string[]>();
  });
});
