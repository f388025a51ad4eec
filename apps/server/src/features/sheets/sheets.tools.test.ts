import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { sheets as contract } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.js';
import { buildUser } from '#test/factories.js';
import { setProfileRight } from '#test/users-factories.js';
import { readZipEntries } from '#test/zip.js';
import { arrangeSheetSchool, countPages, postSheets } from './sheets.test-support.js';

/**
 * The deployment sheets read back as a person and a phone would: poppler's pdftotext finds each
 * user's words on their own page (accents, ß and ñ intact), and zbarimg decodes the QR code of
 * each page, rendered by pdftoppm, to that user's sign-in link.
 */
let t: TestContext;
let arranged: Awaited<ReturnType<typeof arrangeSheetSchool>>;
let folder: string;
const ORIGIN = 'https://console.example.fr';

beforeAll(async () => {
  t = await createTestContext({ SESSION_CACHE_MS: '0', PUBLIC_URL: `${ORIGIN}/` });
  arranged = await arrangeSheetSchool(t);
  folder = mkdtempSync(join(tmpdir(), 'sheets-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

/** Asks for the selected users' sheets (deployment sheets unless told) and keeps the PDF in a file. */
async function printSheets(
  name: string,
  lang?: string,
  type: contract.SheetType = 'deploy',
): Promise<{ path: string; pages: number }> {
  const response = await postSheets(t, arranged.cookies.direction, type, {
    uai: arranged.home,
    list: arranged.selected.map((user) => user.id),
    ...(lang ? { lang } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  const path = join(folder, `${name}.pdf`);
  writeFileSync(path, response.rawPayload);
  return { path, pages: countPages(response.rawPayload) };
}

const pageText = (path: string, page: number) =>
  execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', path, '-'], { encoding: 'utf8' });

/** The QR codes zbarimg decodes on one page (rendered at 150 dpi), none when it finds none. */
function pageCodes(path: string, page: number): string[] {
  const prefix = join(folder, `page-${page}`);
  execFileSync('pdftoppm', ['-r', '150', '-f', String(page), '-l', String(page), '-singlefile', '-png', path, prefix]);
  const result = spawnSync('zbarimg', ['-q', '--raw', `${prefix}.png`], { encoding: 'utf8' });
  // zbarimg exits with 4 when the image holds no code.
  if (result.status === 4) return [];
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\n').filter((line) => line !== '');
}

/** Every `present` word is in the text, and none of the `absent` ones (each failure names its word). */
function expectWords(text: string, present: readonly string[], absent: readonly string[] = []): void {
  for (const word of present) expect(text, word).toContain(word);
  for (const word of absent) expect(text, `not ${word}`).not.toContain(word);
}

describe('deployment sheets read back', () => {
  it("holds each user's school, name, login, password and platform credentials on their own page, accents, ß and ñ intact", async () => {
    const { path, pages } = await printSheets('fr');
    expect(pages).toBe(arranged.selected.length);
    const [zoe, jurgen, inaki] = arranged.pupils;
    const expectations = [
      [
        zoe!,
        [
          'Zoé Dupré',
          'zoe.dupre',
          'pako4821',
          'Manuels Lelivrescolaire',
          'zoe.dupre.lls',
          'lls-0-pass',
          'Kiosque numérique',
          'zoe.kne',
          'kne-secret',
          'K-4242',
        ],
      ],
      [jurgen!, ['Jürgen Weiß', 'jurgen.weiss', 'ravo7315', 'jurgen.weiss.lls', 'lls-1-pass']],
      [inaki!, ['Iñaki Muñoz', 'inaki.munoz', 'tiku2958', 'inaki.munoz.lls', 'lls-2-pass', '5e Bleu']],
      [arranged.teacher, ['Ada Prof', 'ada.prof', 'melo6042', 'Aucun accès à une ressource.']],
    ] as const;
    for (const [index, [user, words]] of expectations.entries()) {
      // Nobody else's login is on this page.
      const others = arranged.selected.filter((other) => other.id !== user.id).map((other) => other.login);
      expectWords(pageText(path, index + 1), ['Fiche de déploiement', `Collège Émile Zola (${arranged.home})`, ...words], others);
    }
    // Jürgen's disabled Kiosque access is not printed.
    expect(pageText(path, 2)).not.toContain('jurgen.kne');
  });

  it("decodes every page's QR code to that user's sign-in link", async () => {
    const { path } = await printSheets('qr');
    for (const [index, user] of arranged.selected.entries()) {
      expect(pageCodes(path, index + 1), user.login).toEqual([`${ORIGIN}/?iduser=${encodeURIComponent(user.linkToken)}`]);
    }
  });

  it('prints in English and in Spanish', async () => {
    const english = await printSheets('en', 'en');
    expect(pageText(english.path, 1)).toMatch(/Deployment sheet[\s\S]*Login[\s\S]*Password/);
    const spanish = await printSheets('es', 'es');
    expect(pageText(spanish.path, 1)).toMatch(/Ficha de despliegue[\s\S]*Usuario[\s\S]*Contraseña/);
  });

  it('shows no password and no QR code to a caller who may not see passwords', async () => {
    await setProfileRight(t.db, 'Administrateur établissement', 'FicheUser_profil', { lecture: 0, ecriture: 0 });
    try {
      const { path } = await printSheets('hidden');
      expectWords(pageText(path, 1), ['zoe.dupre', 'non communiqué'], ['pako4821', 'lls-0-pass', 'kne-secret']);
      expect(pageCodes(path, 1)).toEqual([]);
    } finally {
      await setProfileRight(t.db, 'Administrateur établissement', 'FicheUser_profil', { lecture: 1, ecriture: 1 });
    }
  });

  it("by class: each class's PDF holds its pupils' sheets and no one else's", async () => {
    const response = await postSheets(t, arranged.cookies.direction, 'deploy', {
      uai: arranged.home,
      list: arranged.selected.map((user) => user.id),
      option: 'class',
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = await readZipEntries(response.rawPayload);
    const textOf = (name: string) => {
      const path = join(folder, name);
      writeFileSync(path, entries.get(name)!);
      return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    };
    expectWords(textOf('6e_A.pdf'), ['Zoé Dupré', 'Jürgen Weiß'], ['Iñaki']);
    expectWords(textOf('5e_Bleu.pdf'), ['Iñaki Muñoz'], ['Zoé']);
  });
});

describe('labels read back', () => {
  const signInLink = (user: { linkToken: string }) => `${ORIGIN}/?iduser=${encodeURIComponent(user.linkToken)}`;

  it("box labels hold each user's name, class, login and password, and a QR code of their sign-in link each", async () => {
    const { path, pages } = await printSheets('box', undefined, 'labelBox');
    expect(pages).toBe(1);
    // The platforms' credentials belong on the deployment sheet only.
    expectWords(
      pageText(path, 1),
      [
        ...['Zoé Dupré', 'zoe.dupre', 'pako4821', '6e A'],
        ...['Jürgen Weiß', 'jurgen.weiss', 'ravo7315'],
        ...['Iñaki Muñoz', 'inaki.munoz', 'tiku2958', '5e Bleu'],
        ...['Ada Prof', 'ada.prof', 'melo6042'],
      ],
      ['lls-0-pass'],
    );
    expect(pageCodes(path, 1).sort()).toEqual(arranged.selected.map(signInLink).sort());
  });

  it('frame labels, stuck on the device where anyone reads them, hold the name, class and login, never a secret', async () => {
    const { path, pages } = await printSheets('frame', 'es', 'labelFrame');
    expect(pages).toBe(1);
    expectWords(
      pageText(path, 1),
      ['Zoé Dupré', 'zoe.dupre', 'Jürgen Weiß', 'Iñaki Muñoz', 'inaki.munoz', 'Ada Prof', 'ada.prof'],
      ['pako4821', 'ravo7315', 'tiku2958', 'melo6042'],
    );
    expect(pageCodes(path, 1)).toEqual([]);
  });
});

describe('long credentials read back whole', () => {
  /** One user's sheet of `type` as pdftotext reads it: its text, and the same without any space or line break. */
  async function printedFor(user: { id: number }, type: contract.SheetType): Promise<{ text: string; joined: string }> {
    const response = await postSheets(t, arranged.cookies.direction, type, { uai: arranged.home, list: [user.id] });
    expect(response.statusCode, response.body).toBe(200);
    const path = join(folder, `long-${type}-${user.id}.pdf`);
    writeFileSync(path, response.rawPayload);
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
    return { text, joined: text.replace(/\s+/g, '') };
  }

  it('prints a long login and password whole on box and frame labels and the deployment sheet: smaller, or wrapped, never cut', async () => {
    const build = (login: string, password: string) =>
      buildUser(t.db, t.env.encryptionKey, {
        profile: 'Eleve',
        uai: arranged.home,
        lastname: 'AISSA',
        firstname: 'Éric',
        level: '6e',
        login,
        password,
      });
    // An imported pupil's login (first name, last name, the school's extension), and one past any label's width.
    const imported = await build('eric.aissa.clg-moulin-lyon', 'ravo4821');
    const longest = await build('marie-charlotte.de-la-fontaine-aissa.clg-jean-moulin-lyon', 'kalo-9431-tepi-2207-moru-5518');
    for (const type of ['labelBox', 'labelFrame', 'deploy'] as const) {
      const short = await printedFor(imported, type);
      // Smaller type, on one line.
      expect(short.text, type).toContain('eric.aissa.clg-moulin-lyon');
      const long = await printedFor(longest, type);
      expect(long.joined, type).toContain('marie-charlotte.de-la-fontaine-aissa.clg-jean-moulin-lyon');
      if (type !== 'labelFrame') expect(long.joined, type).toContain('kalo-9431-tepi-2207-moru-5518');
      expect(`${short.text}${long.text}`, type).not.toContain('…');
    }
  });
});

describe('loan and textbook sheets read back', () => {
  it('a supervised loan: the conditions, the lines to fill in and two signatures, the login but no secret', async () => {
    const { path, pages } = await printSheets('supervised', undefined, 'supervisedEquipment');
    expect(pages).toBe(arranged.selected.length);
    expectWords(
      pageText(path, 1),
      ['Prêt de matériel – usage encadré', 'Zoé Dupré', 'zoe.dupre', 'Numéro de série', 'L’élève', 'Pour l’établissement'],
      ['pako4821', 'Le représentant légal'],
    );
    expect(pageCodes(path, 1)).toEqual([]);
  });

  it('a personal loan in Spanish: the guardian signs too, and the pupil takes home their password and QR code', async () => {
    const { path } = await printSheets('personal', 'es', 'personalEquipment');
    expectWords(pageText(path, 3), [
      'Préstamo de material – uso personal',
      'Iñaki Muñoz',
      'inaki.munoz',
      'tiku2958',
      'El representante legal',
      'Número de serie',
    ]);
    expect(pageCodes(path, 3)).toEqual([`${ORIGIN}/?iduser=${encodeURIComponent(arranged.pupils[2]!.linkToken)}`]);
  });

  it("the textbooks sheet: the steps, the credentials and the user's enabled resources, without their passwords", async () => {
    const { path } = await printSheets('epub', 'en', 'epub');
    expectWords(
      pageText(path, 1),
      ['Offline digital textbooks', 'zoe.dupre', 'pako4821', 'Manuels Lelivrescolaire', 'Kiosque numérique'],
      ['lls-0-pass'],
    );
    // Jürgen's Kiosque access is disabled: only his Lelivrescolaire access is listed.
    expectWords(pageText(path, 2), ['Manuels Lelivrescolaire'], ['Kiosque']);
    expect(pageText(path, 4)).toContain('No access to any resource.');
  });
});
