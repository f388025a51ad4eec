// `npm run bench`: the foundation's figures. Flags: --seconds N (load duration, default 6),
// --database-url URL (PostgreSQL instead of a fresh embedded database for the sign-in figures),
// --large-database-url URL and --pglite-dir DIR (seed:large data for the schools figures),
// --workflows-dir DIR (a seed:large PGlite folder of 2,000 schools for the workflow figures; made
// in a temporary folder when absent), --only auth|schools|startup|bundle|workflows|users|users-grid|embedded-wal|token-purge|import|import-load|exports|sheets.
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
import { runStartupBench } from './startup.bench.js';
import { runTokenPurgeBench } from './token-purge.bench.js';
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

if (wanted('auth')) {
  console.log('\n# Sign-in and session');
  const auth = await runAuthBench({ databaseUrl: values['database-url'], seconds });
  auth.lines.forEach((line) => console.log('  ' + line));
  passed &&= auth.passed;
}

if (wanted('schools')) {
  console.log('\n# Schools and user search (seed:large data)');
  const schools = await runSchoolsBench({ databaseUrl: values['large-database-url'], pgliteDir: values['pglite-dir'] });
  schools.lines.forEach((line) => console.log('  ' + line));
  passed &&= schools.passed;
}

if (wanted('startup')) {
  console.log('\n# Start on an existing data directory (built product)');
  if (!existsSync(new URL('../apps/server/dist/main.js', import.meta.url))) {
    spawnSync('npm', ['run', 'build'], { cwd: new URL('..', import.meta.url), stdio: 'inherit' });
  }
  const startup = await runStartupBench();
  startup.lines.forEach((line) => console.log('  ' + line));
  passed &&= startup.passed;
}

if (wanted('bundle')) {
  console.log('\n# JavaScript of the sign-in screen and of the users view');
  const measured = spawnSync('node', ['apps/web/scripts/measure-bundle-sizes.mjs'], {
    cwd: new URL('..', import.meta.url),
    encoding: 'utf8',
  });
  console.log('  ' + (measured.stdout + measured.stderr).trim().replace(/\n/g, '\n  '));
  passed &&= measured.status === 0;
}

if (wanted('workflows')) {
  console.log('\n# Deployment workflow: global monitoring, live changes, sockets (embedded PGlite)');
  const workflows = await runWorkflowsBench({ dataDir: values['workflows-dir'] });
  workflows.lines.forEach((line) => console.log('  ' + line));
  passed &&= workflows.passed;
}

if (wanted('users')) {
  console.log(
    '\n# Users actions: bulk updates of 5,000 users, adding a user (seed:large school; PGlite, and PostgreSQL with --database-url)',
  );
  const usersFigures = await runUsersBench({ databaseUrl: values['database-url'] });
  usersFigures.lines.forEach((line) => console.log('  ' + line));
  passed &&= usersFigures.passed;
}

if (wanted('users-grid')) {
  console.log('\n# Users grid in headless Chromium: 5,000 users × 60 columns (built product, embedded PGlite)');
  const grid = await runUsersGridBench();
  grid.lines.forEach((line) => console.log('  ' + line));
  passed &&= grid.passed;
}

if (wanted('embedded-wal')) {
  console.log('\n# Embedded database: the folder under 100,000 writes (write-ahead log checkpointed by the server)');
  const wal = await runEmbeddedWalBench();
  wal.lines.forEach((line) => console.log('  ' + line));
  passed &&= wal.passed;
}

if (wanted('token-purge')) {
  console.log('\n# Token purge: one platform over every school (seed:large on PostgreSQL, --large-database-url)');
  const purge = await runTokenPurgeBench({ databaseUrl: values['large-database-url'] });
  purge.lines.forEach((line) => console.log('  ' + line));
  passed &&= purge.passed;
}

if (wanted('import')) {
  console.log(
    '\n# CSV import: 10,000 lines × 60 columns verified and confirmed, 50,000 verified (PGlite, and PostgreSQL with --database-url)',
  );
  const importFigures = await runImportBench({ databaseUrl: values['database-url'] });
  importFigures.lines.forEach((line) => console.log('  ' + line));
  passed &&= importFigures.passed;
}

if (wanted('import-load')) {
  console.log(
    '\n# CSV import beside other users: 50,000 namesakes against 50,000 varied names, another user probing meanwhile (PGlite, and PostgreSQL with --database-url)',
  );
  const loadFigures = await runImportLoadBench({ databaseUrl: values['database-url'] });
  loadFigures.lines.forEach((line) => console.log('  ' + line));
  passed &&= loadFigures.passed;
}

if (wanted('exports')) {
  console.log(
    '\n# Exports: 5,000 users in each CSV dialect, XLSX, ASM and OneRoster zips (PGlite, and PostgreSQL with --database-url)',
  );
  const exportFigures = await runExportsBench({ databaseUrl: values['database-url'] });
  exportFigures.lines.forEach((line) => console.log('  ' + line));
  passed &&= exportFigures.passed;
}

if (wanted('sheets')) {
  console.log(
    '\n# PDF sheets: 1,000 deployment sheets with QR codes against a bare pdfkit loop (PGlite, and PostgreSQL with --database-url)',
  );
  const sheetFigures = await runSheetsBench({ databaseUrl: values['database-url'] });
  sheetFigures.lines.forEach((line) => console.log('  ' + line));
  passed &&= sheetFigures.passed;
}

console.log(passed ? '\nAll figures within their targets.' : '\nSome figures miss their targets (see above).');
process.exit(passed ? 0 : 1);
