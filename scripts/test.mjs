// `npm test`: unit, integration (PGlite) and web tests; then the integration suite again on
// PostgreSQL when DATABASE_URL is set; then the tools suite when Debian's tools are installed
// (under CI, a missing tool fails the run); then the scale suite (several instances on PostgreSQL
// and Redis) when DATABASE_URL and REDIS_URL are both set.
import { spawnSync } from 'node:child_process';

/** Debian's tools the `tools` project reads the product's files back with (CI installs them). */
const TOOLS = { csvclean: 'csvkit', pdftotext: 'poppler-utils', zbarimg: 'zbar-tools', pdftoppm: 'poppler-utils' };
const isInstalled = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

function run(args, env = {}) {
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const extra = process.argv.slice(2);
// The scale project needs PostgreSQL and Redis: never part of the embedded pass.
const embeddedProjects = extra.some((argument) => argument.startsWith('--project'))
  ? []
  : ['--project', 'unit', '--project', 'integration', '--project', 'web*'];
run([...embeddedProjects, ...extra], { TEST_DB: 'pglite' });
if (process.env.DATABASE_URL) {
  console.log('\nIntegration suite on PostgreSQL (DATABASE_URL)\n');
  run(['--project', 'integration', ...extra], { TEST_DB: 'postgres' });
}
const missingTools = Object.entries(TOOLS).filter(([command]) => !isInstalled(command));
if (missingTools.length === 0) {
  console.log("\nTools suite: the product's files read back by Debian's tools\n");
  run(['--project', 'tools', ...extra], { TEST_DB: 'pglite' });
} else {
  console.log(
    `\nTools suite not run: it needs ${missingTools.map(([command, pkg]) => `${command} (apt-get install ${pkg})`).join(', ')}.`,
  );
  if (process.env.CI) process.exit(1);
}
if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  console.log('\nScale suite: two instances on PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)\n');
  run(['--project', 'scale', ...extra], { TEST_DB: 'postgres' });
} else {
  console.log('\nScale suite not run: it needs both DATABASE_URL and REDIS_URL (PostgreSQL and Redis running).');
}
