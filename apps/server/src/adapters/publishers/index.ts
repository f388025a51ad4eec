import type { apps } from '@console/contract';
import type { Env } from '#platform/config/env.js';
import { createEdulibVerifier } from './edulib.js';
import { createLeLivreScolaireVerifier } from './le-livre-scolaire.js';
import type { TokenVerifier } from './token-verifier.js';

export { createEdulibVerifier } from './edulib.js';
export { createLeLivreScolaireVerifier } from './le-livre-scolaire.js';
export * from './token-verifier.js';

type PublisherEnv = Pick<Env, 'EDULIB_API_URL' | 'EDULIB_API_KEY' | 'LLS_API_URL' | 'LLS_API_KEY' | 'PUBLISHER_TIMEOUT_MS'>;

/** The configured client of a publisher; undefined when its URL or key is not set. */
export function createPublisherVerifier(env: PublisherEnv, publisher: apps.Publisher): TokenVerifier | undefined {
  const timeoutMs = env.PUBLISHER_TIMEOUT_MS;
  switch (publisher) {
    case 'edulib':
      return env.EDULIB_API_URL && env.EDULIB_API_KEY
        ? createEdulibVerifier({ baseUrl: env.EDULIB_API_URL, apiKey: env.EDULIB_API_KEY, timeoutMs })
        : undefined;
    case 'le-livre-scolaire':
      return env.LLS_API_URL && env.LLS_API_KEY
        ? createLeLivreScolaireVerifier({ baseUrl: env.LLS_API_URL, apiKey: env.LLS_API_KEY, timeoutMs })
        : undefined;
  }
}
