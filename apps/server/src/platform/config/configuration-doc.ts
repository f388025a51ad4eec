import { ENV_VARIABLES } from './env.js';

function defaultOf(schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } }): string {
  const result = schema.safeParse(undefined);
  if (!result.success || result.data === undefined) return '—';
  return '`' + String(result.data) + '`';
}

/** docs/configuration.md: every variable with its default, sensitivity and description. */
export function renderConfigurationDoc(): string {
  const rows = Object.entries(ENV_VARIABLES).map(
    ([name, spec]) => `| \`${name}\` | ${defaultOf(spec.schema)} | ${spec.sensitive ? 'yes' : 'no'} | ${spec.description} |`,
  );
  return [
    '# Configuration',
    '',
    'Generated from the `*-variables.ts` files of `apps/server/src/platform/config/` by `npm run docs`; a test fails when this page and the code differ.',
    '',
    'Every variable is parsed once at start; a bad value stops the start with a message naming the variable.',
    'The embedded default needs none: the database, files and a generated encryption key live in `DATA_DIR`.',
    'Sensitive values are never printed or logged.',
    '',
    '| variable | default | sensitive | description |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
