// `npm test`: unit, integration (PGlite) and web tests; then the integration suite again on
// PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

function run(args, env = {}) {
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const extra = process.argv.slice(2);
run([...extra], { TEST_DB: 'pglite' });
if (process.env.DATABASE_URL) {
  console.log('\nIntegration suite on PostgreSQL (DATABASE_URL)\n');
  run(['--project', 'integration', ...extra], { TEST_DB: 'postgres' });
}
