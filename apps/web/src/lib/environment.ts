export type EnvironmentName = 'local' | 'test' | 'preproduction';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * The environment a host name reveals, or null in production (a host containing 'connect'),
 * where no badge is shown.
 */
export function environmentOf(hostname: string): EnvironmentName | null {
  const host = hostname.toLowerCase();
  if (host.includes('connect')) return null;
  if (LOCAL_HOSTS.has(host)) return 'local';
  if (host.includes('test')) return 'test';
  return 'preproduction';
}
