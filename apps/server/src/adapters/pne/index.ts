import type { Env } from '#platform/config/env.js';
import { createPneKeyActivator, type PneKeyActivator } from './pne-activator.js';

export * from './pne-activator.js';

/** The configured PNE client; undefined when PNE_API_URL or PNE_API_KEY is not set. */
export function createConfiguredPneActivator(
  env: Pick<Env, 'PNE_API_URL' | 'PNE_API_KEY' | 'PNE_TIMEOUT_MS'>,
): PneKeyActivator | undefined {
  if (!env.PNE_API_URL || !env.PNE_API_KEY) return undefined;
  return createPneKeyActivator({ baseUrl: env.PNE_API_URL, apiKey: env.PNE_API_KEY, timeoutMs: env.PNE_TIMEOUT_MS });
}
