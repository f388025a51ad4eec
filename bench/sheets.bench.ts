// The PDF sheets' figures (issue 17), on PGlite and (with --database-url) on PostgreSQL, each
// database seeded with a school of 5,000 users by seed:large and given an enabled access of every
// user to each exported platform (support/export-app.ts: prepareExportSchool):
// - 1,000 deployment sheets (the first 1,000 users in the grid's order, each with a QR code and
//   every platform's credentials) through a listening server, as the users view posts them,
//   timed to the answer's first and last byte: ≥ 500 pages/s to the last byte, and the first
//   bytes well before the last (the pages are streamed while drawn);
// - against a bare pdfkit loop drawing the same words and QR codes (the same fonts, the QR code's
//   dark runs as rectangles) with none of the product's checks, reads or secrets: ≤ 2×; one
//   warm-up round then five, app and baseline alternately;
// - the resident memory growth of a fresh server process while it draws the 1,000 sheets
//   (support/export-memory.ts, subject sheets: sampled every 5 ms from another thread; the
//   client keeps no byte): ≤ 200 MB.
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { buildApp } from '../apps/server/src/app.js';
import type { Database, DatabaseHandle } from '../apps/server/src/platform/db/client.js';
import {
  exportEnv,
  fetchExport,
  listen,
  prepareExportSchool,
  readExportSchool,
  type FetchedExport,
} from './support/export-app.js';
import { formatMs, percentile } from './support/measure.js';
import { measureExportMemory, sheetsRequest } from './support/export-memory.js';
import { createSession } from './support/session.js';
import { measureOnEachEngine, type EngineFigures, type SeededDatabase } from './support/seeded-school.js';

const SHEETS = 1_000;
const WARM_UP_ROUNDS = 1;
const ROUNDS = 5;
const PAGES_PER_SECOND_MIN = 500;
const BASELINE_RATIO_MAX = 2;
const MEBIBYTE = 1024 * 1024;
/** 200 MB as millions of bytes (191 MiB): the stricter reading. */
const MEMORY_GROWTH_MAX = 200_000_000;

const median = (values: number[]) => percentile(values, 0.5);
const mebibytes = (bytes: number) => `${(bytes / MEBIBYTE).toFixed(1)} MiB`;
const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');

/** What one page of the baseline writes: the words of a user's deployment sheet and their sign-in link. */
type BaselinePage = { lines: string[]; link: string; cells: string[][] };

/** The selected users' words, read without the product (no checks, no secrets decrypted: a fixed password). */
async function readBaselinePages(db: Database, uai: string, userIds: number[]): Promise<BaselinePage[]> {
  const users = await db.execute<{
    id: number;
    firstname: string;
    lastname: string;
    login: string;
    class_name: string | null;
    link_token: string;
  }>(sql`select id, firstname, lastname, login, class_name, link_token from users where id = any(${sql.param(userIds)}::int[])`);
  const accesses = await db.execute<{ user_id: number; name: string; login: string | null; keys: string | null }>(sql`
    select ua.user_id, a.name, ua.login, ua.keys from user_applications ua join applications a on a.id = ua.application_id
    where ua.user_id = any(${sql.param(userIds)}::int[]) and ua.status = 1 order by ua.user_id, a.id`);
  const byUser = new Map<number, string[][]>();
  for (const access of accesses.rows) {
    const own = byUser.get(access.user_id) ?? [];
    own.push([access.name, access.login ?? '', 'pako4821', access.keys ?? '']);
    byUser.set(access.user_id, own);
  }
  const byId = new Map(users.rows.map((user) => [user.id, user]));
  return userIds.map((id) => {
    const user = byId.get(id)!;
    return {
      lines: [
        'Fiche de déploiement',
        `Établissement : Bench (${uai})`,
        `${user.firstname} ${user.lastname}`,
        `Classe / niveau : ${user.class_name ?? ''}`,
        'Identifiant',
        user.login,
        'Mot de passe',
        'pako4821',
        'Vos accès aux ressources',
        'Imprimé le 1 janvier 2027 à 08:00',
      ],
      link: `http://localhost:3000/?iduser=${encodeURIComponent(user.link_token)}`,
      cells: byUser.get(id) ?? [],
    };
  });
}

const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`);

/** A bare pdfkit loop: the same words at fixed places and the QR codes' dark runs as rectangles, to a sink. */
async function drawBaseline(pages: readonly BaselinePage[]): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false });
  doc.registerFont('Sans', fontFile('DejaVuSans'));
  doc.registerFont('Bold', fontFile('DejaVuSans-Bold'));
  doc.registerFont('Mono', fontFile('DejaVuSansMono'));
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const written = pipeline(doc, sink);
  for (const page of pages) {
    doc.addPage();
    page.lines.forEach((line, index) =>
      doc
        .font(index % 2 ? 'Sans' : 'Bold')
        .fontSize(12)
        .text(line, 48, 48 + index * 20, { lineBreak: false }),
    );
    page.cells.forEach((row, index) =>
      row.forEach((cell, column) =>
        doc
          .font('Mono')
          .fontSize(10)
          .text(cell, 48 + column * 125, 300 + index * 20, { lineBreak: false }),
      ),
    );
    const { modules } = QRCode.create(page.link, { errorCorrectionLevel: 'M' });
    const unit = 150 / (modules.size + 8);
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (!modules.data[row * modules.size + column]) continue;
        const start = column;
        while (column < modules.size && modules.data[row * modules.size + column]) column++;
        doc.rect(400 + (4 + start) * unit, 48 + (4 + row) * unit, (column - start) * unit, unit);
      }
    }
    doc.fill('#000000');
  }
  doc.end();
  await written;
  return { ms: performance.now() - started, bytes };
}

async function measureEngine(label: string, seeded: SeededDatabase): Promise<{ lines: string[]; passed: boolean }> {
  const handle: DatabaseHandle = seeded.handle;
  const lines: string[] = [];
  await prepareExportSchool(handle.db);
  const school = await readExportSchool(handle.db);
  const list1000 = school.userIds.slice(0, SHEETS);
  const pages = await readBaselinePages(handle.db, school.uai, list1000);
  const accesses = pages.reduce((sum, page) => sum + page.cells.length, 0);
  const app = await buildApp({ db: handle.db, env: exportEnv(seeded.dataDir), engine: handle.engine });
  const request = sheetsRequest(school, list1000);
  const appRounds: FetchedExport[] = [];
  const baselineRounds: number[] = [];
  let problem: string | undefined;
  const loadBefore = loadavg()[0]!;
  try {
    const origin = await listen(app);
    const cookie = await createSession(handle.db, school.schoolAdministratorId);
    for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
      const fetched = await fetchExport(origin, request, cookie);
      if (fetched.status !== 200 || fetched.head.subarray(0, 5).toString('latin1') !== '%PDF-') {
        problem = `answered ${fetched.status}: ${fetched.head.toString('utf8').slice(0, 300)}`;
        break;
      }
      const baseline = await drawBaseline(pages);
      if (round >= WARM_UP_ROUNDS) {
        appRounds.push(fetched);
        baselineRounds.push(baseline.ms);
      }
    }
  } finally {
    await app.close();
    // The memory probe's own server process needs the PGlite folder to itself.
    await handle.close();
  }
  const [memory] = problem
    ? []
    : measureExportMemory({ subject: 'sheets', dataDir: seeded.dataDir, databaseUrl: seeded.databaseUrl });
  lines.push(
    `${SHEETS} deployment sheets of school ${school.uai} (${accesses} platform accesses, a QR code each); machine: ${availableParallelism()} CPUs, ` +
      `1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after; ${WARM_UP_ROUNDS} warm-up round, then ${ROUNDS}, app and baseline alternately`,
  );
  if (problem) return { lines: [...lines, `FAILED: ${problem}`], passed: false };

  const last = appRounds.map((round) => round.lastByteMs);
  const first = appRounds.map((round) => round.firstByteMs);
  const pagesPerSecond = SHEETS / (median(last) / 1000);
  const ratio = median(last) / median(baselineRounds);
  const growth = memory!.rssPeak - memory!.rssBefore;
  const streamed = Math.max(...first) < median(last) / 2;
  const fast = pagesPerSecond >= PAGES_PER_SECOND_MIN;
  const close = ratio <= BASELINE_RATIO_MAX;
  const lean = memory!.problem === null && growth <= MEMORY_GROWTH_MAX;
  lines.push(
    `app: last byte ${formatMs(median(last))} (rounds ${list(last)}), ${pagesPerSecond.toFixed(0)} pages/s (target ≥ ${PAGES_PER_SECOND_MIN}${fast ? '' : ', MISSED'}), ${mebibytes(appRounds[0]!.bytes)}`,
    `first byte ${formatMs(median(first))} (rounds ${list(first)}): ${streamed ? 'streamed, long before the last page' : 'NOT streamed: the first bytes come late'}`,
    `bare pdfkit loop: ${formatMs(median(baselineRounds))} (rounds ${list(baselineRounds)}); app ÷ baseline ${ratio.toFixed(2)}× (target ≤ ${BASELINE_RATIO_MAX}×${close ? '' : ', MISSED'})`,
    `memory of a fresh server process drawing 1,000 sheets (${mebibytes(memory!.bytes)} in ${formatMs(memory!.lastByteMs)}${memory!.problem ? `; ${memory!.problem}` : ''}): ` +
      `resident memory +${mebibytes(growth)} at its peak, ${mebibytes(memory!.rssBefore)} → ${mebibytes(memory!.rssPeak)} (target ≤ +200 MB${lean ? '' : ', MISSED'})`,
  );
  return { lines: lines.map((line) => `${label}: ${line}`), passed: fast && close && lean && streamed };
}

export function runSheetsBench(options: { databaseUrl?: string }): Promise<EngineFigures> {
  return measureOnEachEngine('sheets', options.databaseUrl, measureEngine);
}
