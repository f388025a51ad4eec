// `npm run bench`: the foundation's figures. Flags: --seconds N (load duration, default 6),
// --database-url URL (PostgreSQL instead of a fresh embedded database), --only auth|startup|bundle.
import { parseArgs } from 'node:util';
import { runAuthBench } from './auth.bench.js';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '6' }, 'database-url': { type: 'string' }, only: { type: 'string' } },
});
const seconds = Number(values.seconds);
const wanted = (name: string) => !values.only || values.only === name;
let passed = true;

if (wanted('auth')) {
  console.log('\n# Sign-in and session');
  const auth = await runAuthBench({ databaseUrl: values['database-url'], seconds });
  auth.lines.forEach((line) => console.log('  ' + line));
  passed &&= auth.passed;
}

console.log(passed ? '\nAll figures within their targets.' : '\nSome figures miss their targets (see above).');
process.exit(passed ? 0 : 1);
