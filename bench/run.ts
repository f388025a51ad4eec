// `npm run bench`: the foundation's figures. Flags: --seconds N (load duration, default 6),
// --database-url URL (PostgreSQL instead of a fresh embedded database for the sign-in figures),
// --large-database-url URL and --pglite-dir DIR (seed:large data for the schools figures),
// --workflows-dir DIR (a seed:large PGlite folder of 2,000 schools for the workflow figures; made
// in a temporary folder when absent), --only auth|schools|startup|bundle|workflows|users|users-grid|embedded-wal|token-purge|import|import-load|exports|sheets|start-of-year|taken-logins|uploads|documents|notifications|push.
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { runAuthBench } from './auth.bench.js';
import { runEmbeddedWalBench } from './embedded-wal.bench.js';
import { runExportsBench } from './exports.bench.js';
import { runImportBench } from './import.bench.js';
import { runImportLoadBench } from './import-load.bench.js';
import { runSchoolsBench } from './schools.bench.js';
import { runSheetsBench } from './sheets.bench.js';
import { runStartOfYearBench } from './start-of-year.bench.js';
import { runStartupBench } from './startup.bench.js';
import { runTokenPurgeBench } from './token-purge.bench.js';
import { runDocumentsBench } from './documents.bench.js';
import { runNotificationsBench } from './notifications.bench.js';
import { runPushBench } from './push.bench.js';
import { runUploadsBench } from './uploads.bench.js';
import { runTakenLoginsBench } from './taken-logins.bench.js';
import { runUsersBench } from './users.bench.js';
import { runUsersGridBench } from './users-grid.bench.js';
import { runWorkflowsBench } from './workflows.bench.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '6' },
    'database-url': { type: 'string' },
    'large-database-url': { type: 'string' },
    'pglite-dir': { type: 'string' },
    'workflows-dir': { type: 'string' },
    only: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const wanted = (name: string) => !values.only || values.only === name;
let passed = true;

/** One part of the figures: its title, then its lines, indented; a missed target fails the run. */
async function section(name: string, title: string, run: () => Promise<{ lines: string[]; passed: boolean }>): Promise<void> {
  if (!wanted(name)) return;
  console.log(`\n# ${title}`);
  const figures = await run();
  figures.lines.forEach((line) => console.log('  ' + line));
  passed &&= figures.passed;
}

await section('auth', 'Sign-in and session', () => runAuthBench({ databaseUrl: values['database-url'], seconds }));

await section('schools', 'Schools and user search (seed:large data)', () =>
  runSchoolsBench({ databaseUrl: values['large-database-url'], pgliteDir: values['pglite-dir'] }),
);

await section('startup', 'Start on an existing data directory (built product)', async () => {
  if (!existsSync(new URL('../apps/server/dist/main.js', import.meta.url))) {
    spawnSync('npm', ['run', 'build'], { cwd: new URL('..', import.meta.url), stdio: 'inherit' });
  }
  return runStartupBench();
});

if (wanted('bundle')) {
  console.log('\n# JavaScript of the sign-in screen and of the users view');
  const measured = spawnSync('node', ['apps/web/scripts/measure-bundle-sizes.mjs'], {
    cwd: new URL('..', import.meta.url),
    encoding: 'utf8',
  });
  console.log('  ' + (measured.stdout + measured.stderr).trim().replace(/\n/g, '\n  '));
  passed &&= measured.status === 0;
}

await section('workflows', 'Deployment workflow: global monitoring, live changes, sockets (embedded PGlite)', () =>
  runWorkflowsBench({ dataDir: values['workflows-dir'] }),
);

await section(
  'users',
  'Users actions: bulk updates of 5,000 users, adding a user (seed:large school; PGlite, and PostgreSQL with --database-url)',
  () => runUsersBench({ databaseUrl: values['database-url'] }),
);

await section('users-grid', 'Users grid in headless Chromium: 5,000 users × 60 columns (built product, embedded PGlite)', () =>
  runUsersGridBench(),
);

await section(
  'embedded-wal',
  'Embedded database: the folder under 100,000 writes (write-ahead log checkpointed by the server)',
  () => runEmbeddedWalBench(),
);

await section('token-purge', 'Token purge: one platform over every school (seed:large on PostgreSQL, --large-database-url)', () =>
  runTokenPurgeBench({ databaseUrl: values['large-database-url'] }),
);

await section(
  'notifications',
  "A notification's audience counted over every school (seed:large on PostgreSQL, --large-database-url)",
  () => runNotificationsBench({ databaseUrl: values['large-database-url'] }),
);

await section(
  'push',
  'A notification sent to 500,000 FCM tokens, the fake FCM enforcing 600,000 a minute (PostgreSQL, --database-url)',
  () => runPushBench({ databaseUrl: values['database-url'] }),
);

await section(
  'import',
  'CSV import: 10,000 lines × 60 columns verified and confirmed, 50,000 verified (PGlite, and PostgreSQL with --database-url)',
  () => runImportBench({ databaseUrl: values['database-url'] }),
);

await section(
  'import-load',
  'CSV import beside other users: 50,000 namesakes against 50,000 varied names, another user probing meanwhile (PGlite, and PostgreSQL with --database-url)',
  () => runImportLoadBench({ databaseUrl: values['database-url'] }),
);

await section(
  'exports',
  'Exports: 5,000 users in each CSV dialect, XLSX, ASM and OneRoster zips (PGlite, and PostgreSQL with --database-url)',
  () => runExportsBench({ databaseUrl: values['database-url'] }),
);

await section(
  'sheets',
  'PDF sheets: 1,000 deployment sheets with QR codes against a bare pdfkit loop (PGlite, and PostgreSQL with --database-url)',
  () => runSheetsBench({ databaseUrl: values['database-url'] }),
);

await section(
  'start-of-year',
  'The start of the school year in the browser: import, sheets by class, ASM archive sent by SFTP (built product, embedded PGlite)',
  () => runStartOfYearBench(),
);

await section('taken-logins', 'Taken logins: 10,000 asked against 55,000 accounts and a bin of 20,000', () =>
  runTakenLoginsBench({ databaseUrl: values['database-url'] }),
);

await section('uploads', 'Uploads: a 10 MB file through the embedded storage against a bare write stream', () =>
  runUploadsBench(),
);

await section('documents', 'Documents: the list of 10,000, and a zip of 100 × 1 MB streamed', () =>
  runDocumentsBench({ databaseUrl: values['database-url'] }),
);

console.log(passed ? '\nAll figures within their targets.' : '\nSome figures miss their targets (see above).');
process.exit(passed ? 0 : 1);
