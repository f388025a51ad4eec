// Commit subjects say what changed in one short line; the reasons and figures go in the body
// (docs/conventions.md, "Commit messages"). `npm run lint` runs this on the commits after BASE,
// the last one whose subject broke the rule; a copy without that history has nothing to check.
import { execFileSync } from 'node:child_process';

const BASE = '1b027b3';
const MAX_LENGTH = 80;

let log;
try {
  log = execFileSync('git', ['log', '--format=%h %s', `${BASE}..HEAD`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
} catch {
  console.log('commit subjects: no history to check here');
  process.exit(0);
}
const tooLong = log
  .split('\n')
  .filter((line) => line !== '')
  .filter((line) => line.slice(line.indexOf(' ') + 1).length > MAX_LENGTH);
if (tooLong.length > 0) {
  console.error(`Commit subjects longer than ${MAX_LENGTH} characters (put the details in the body):\n${tooLong.join('\n')}`);
  process.exit(1);
}
