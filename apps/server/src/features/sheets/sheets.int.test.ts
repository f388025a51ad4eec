import { sheets as contract, users } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildPupils, countAuditEntries } from '#test/users-factories.js';
import { readZipEntries } from '#test/zip.js';
import { arrangeSheetSchool, countPages, postSheets } from './sheets.test-support.js';

let t: TestContext;
let arranged: Awaited<ReturnType<typeof arrangeSheetSchool>>;

beforeAll(async () => {
  t = await createTestContext({ SESSION_CACHE_MS: '0', PUBLIC_URL: 'https://console.example.fr/' });
  arranged = await arrangeSheetSchool(t);
});
afterAll(() => t.close());

const ids = (users: readonly { id: number }[]) => users.map((user) => user.id);

describe('POST /pdf/deploy', () => {
  it('answers one PDF with a page per selected user, named after the school and the time', async () => {
    const response = await postSheets(t, arranged.cookies.direction, 'deploy', {
      uai: arranged.home,
      list: ids(arranged.selected),
      lang: 'fr',
      option: 'default',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(contract.PDF_MEDIA_TYPE);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`filename="fiches_deploy_${arranged.home}_\\d{8}-\\d{6}\\.pdf"`),
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(countPages(pdf)).toBe(arranged.selected.length);
    // The fonts are embedded (subsets of DejaVu), not the viewer's.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2 /);
  });

  it('defaults to French and one PDF, and records who printed which users', async () => {
    const before = await countAuditEntries(t.db, 'print_sheets');
    const list = ids(arranged.pupils.slice(0, 2));
    const response = await postSheets(t, arranged.cookies.direction, 'deploy', { uai: arranged.home, list });
    expect(response.statusCode, response.body).toBe(200);
    expect(countPages(response.rawPayload)).toBe(2);
    expect(await countAuditEntries(t.db, 'print_sheets')).toBe(before + 1);
  });

  it("a school administrator printing a user of another school gets 404 and no file, even with the school's own users", async () => {
    const response = await postSheets(t, arranged.cookies.direction, 'deploy', {
      uai: arranged.home,
      list: [...ids(arranged.pupils), arranged.stranger.id],
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.rawPayload.includes('%PDF')).toBe(false);
  });

  it('a manager of another school gets 404 for this school; a pupil, without the PDF right, 403', async () => {
    const payload = { uai: arranged.home, list: ids(arranged.pupils) };
    expect((await postSheets(t, arranged.cookies.manager, 'deploy', payload)).statusCode).toBe(404);
    expect((await postSheets(t, arranged.cookies.pupil, 'deploy', payload)).statusCode).toBe(403);
  });

  it('refuses more than 1000 users, an unknown type or language, and an empty list, with the field', async () => {
    const tooMany = Array.from({ length: users.PDF_MAX_USERS + 1 }, (_, index) => index + 1);
    const refused = await postSheets(t, arranged.cookies.direction, 'deploy', { uai: arranged.home, list: tooMany });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fieldErrors.list).toContain(contract.SHEETS_TOO_MANY);
    for (const [type, payload] of [
      ['epub-unknown', { uai: arranged.home, list: ids(arranged.pupils) }],
      ['deploy', { uai: arranged.home, list: ids(arranged.pupils), lang: 'de' }],
      ['deploy', { uai: arranged.home, list: [] }],
    ] as const) {
      const response = await postSheets(t, arranged.cookies.direction, type, payload);
      expect(response.statusCode, `${type} ${JSON.stringify(payload)}`).toBe(400);
    }
  });
});

describe('POST /pdf/deploy in a zip mode', () => {
  /** The zip's PDFs, by name in the zip's order, with their page counts. */
  async function zipOf(option: string): Promise<[string, number][]> {
    const response = await postSheets(t, arranged.cookies.direction, 'deploy', {
      uai: arranged.home,
      list: ids(arranged.selected),
      option,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(contract.ZIP_MEDIA_TYPE);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`filename="fiches_deploy_${arranged.home}_\\d{8}-\\d{6}\\.zip"`),
    );
    const entries = await readZipEntries(response.rawPayload);
    for (const [name, pdf] of entries) expect(pdf.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
    return [...entries].map(([name, pdf]) => [name, countPages(pdf)]);
  }

  it('by class: a PDF per class, the users without one together, in the natural order of the names', async () => {
    expect(await zipOf('class')).toEqual([
      ['5e_Bleu.pdf', 1],
      ['6e_A.pdf', 2],
      ['sans_classe.pdf', 1],
    ]);
  });

  it('by level: a PDF per level', async () => {
    expect(await zipOf('level')).toEqual([
      ['5e.pdf', 1],
      ['6e.pdf', 2],
      ['sans_niveau.pdf', 1],
    ]);
  });

  it('unitary: a PDF per user, named after the login', async () => {
    expect(await zipOf('unitary')).toEqual([
      ['ada.prof.pdf', 1],
      ['inaki.munoz.pdf', 1],
      ['jurgen.weiss.pdf', 1],
      ['zoe.dupre.pdf', 1],
    ]);
  });

  it('unitary: refuses more than 100 users, with the field', async () => {
    const list = Array.from({ length: users.PDF_UNITARY_MAX_USERS + 1 }, (_, index) => index + 1);
    const refused = await postSheets(t, arranged.cookies.direction, 'deploy', { uai: arranged.home, list, option: 'unitary' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fieldErrors.list).toContain(contract.SHEETS_UNITARY_TOO_MANY);
  });
});

describe('POST /pdf/supervisedEquipment, /pdf/personalEquipment and /pdf/epub', () => {
  it('answers one PDF with a page per user, in each language', async () => {
    for (const type of ['supervisedEquipment', 'personalEquipment', 'epub'] as const) {
      for (const lang of contract.SHEET_LANGUAGES) {
        const response = await postSheets(t, arranged.cookies.direction, type, {
          uai: arranged.home,
          list: ids(arranged.selected),
          lang,
        });
        expect(response.statusCode, `${type} ${lang}: ${response.body}`).toBe(200);
        expect(response.headers['content-disposition']).toMatch(new RegExp(`filename="fiches_${type}_${arranged.home}_`));
        expect(countPages(response.rawPayload), `${type} ${lang}`).toBe(arranged.selected.length);
      }
    }
  });
});

describe('POST /pdf/labelBox and /pdf/labelFrame', () => {
  it('puts 21 box labels or 65 frame labels on a page, one per user in the order asked', async () => {
    const more = await buildPupils(t, arranged.home, 18);
    const list = [...ids(arranged.selected), ...ids(more)];
    for (const [type, pages] of [
      ['labelBox', 2],
      ['labelFrame', 1],
    ] as const) {
      const response = await postSheets(t, arranged.cookies.direction, type, { uai: arranged.home, list });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(contract.PDF_MEDIA_TYPE);
      expect(response.headers['content-disposition']).toMatch(new RegExp(`filename="fiches_${type}_${arranged.home}_`));
      expect(countPages(response.rawPayload), type).toBe(pages);
    }
  });

  it('by class: a PDF of labels per class', async () => {
    const response = await postSheets(t, arranged.cookies.direction, 'labelFrame', {
      uai: arranged.home,
      list: ids(arranged.selected),
      option: 'class',
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = await readZipEntries(response.rawPayload);
    expect([...entries.keys()]).toEqual(['5e_Bleu.pdf', '6e_A.pdf', 'sans_classe.pdf']);
    for (const pdf of entries.values()) expect(countPages(pdf)).toBe(1);
  });

  it("a school administrator asking for labels of another school's user gets 404 and no file", async () => {
    const response = await postSheets(t, arranged.cookies.direction, 'labelBox', {
      uai: arranged.home,
      list: [arranged.pupils[0]!.id, arranged.stranger.id],
    });
    expect(response.statusCode).toBe(404);
    expect(response.rawPayload.includes('%PDF')).toBe(false);
  });
});

describe('GET /pdf/{id}', () => {
  it('answers the ping with the types drawn', async () => {
    const response = await injectAs(t.app, arranged.cookies.direction, requestOf(contract.pingSheets, { type: 'ping-1' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'ping-1', status: 'ok', types: [...contract.SHEET_TYPES] });
  });
});

describe('GET /users/prints/{id}', () => {
  const printsOf = async (cookie: string, id: number) => injectAs(t.app, cookie, requestOf(contract.listUserPrints, { id }));

  it("lists the prints that held a user's sheet, newest first, with who printed them and how", async () => {
    const { pupils, teacher } = arranged;
    const earlier = (await printsOf(arranged.cookies.direction, teacher.id)).json().prints.length;
    const printed = await postSheets(t, arranged.cookies.direction, 'deploy', {
      uai: arranged.home,
      list: [pupils[2]!.id, teacher.id],
      lang: 'es',
      option: 'class',
    });
    expect(printed.statusCode, printed.body).toBe(200);

    const response = await printsOf(arranged.cookies.direction, teacher.id);
    expect(response.statusCode, response.body).toBe(200);
    const { prints } = response.json() as { prints: contract.SheetPrint[] };
    expect(prints).toHaveLength(Math.min(earlier + 1, contract.PRINT_LOG_LIMIT));
    const direction = arranged.users.direction;
    expect(prints[0]).toMatchObject({
      type: 'deploy',
      lang: 'es',
      mode: 'class',
      userCount: 2,
      printedBy: `${direction.firstname} ${direction.lastname}`,
    });
    expect(Date.now() - Date.parse(prints[0]!.printedAt)).toBeLessThan(10 * 60_000);
    const times = prints.map((print) => Date.parse(print.printedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // A pupil left out of that print does not have it in their log.
    const left = (await printsOf(arranged.cookies.direction, pupils[1]!.id)).json() as { prints: contract.SheetPrint[] };
    expect(left.prints.map((print) => print.id)).not.toContain(prints[0]!.id);
  });

  it("a refused print writes nothing; another school's user is 404; a pupil without the PDF right gets 403", async () => {
    const refused = await postSheets(t, arranged.cookies.direction, 'deploy', {
      uai: arranged.home,
      list: [arranged.pupils[0]!.id, arranged.stranger.id],
    });
    expect(refused.statusCode).toBe(404);
    // The stranger's manager sees an empty log: the refused print held them but wrote nothing.
    const stranger = await printsOf(arranged.cookies.manager, arranged.stranger.id);
    expect(stranger.statusCode, stranger.body).toBe(200);
    expect(stranger.json()).toEqual({ prints: [] });
    expect((await printsOf(arranged.cookies.direction, arranged.stranger.id)).statusCode).toBe(404);
    expect((await printsOf(arranged.cookies.pupil, arranged.pupils[0]!.id)).statusCode).toBe(403);
  });
});
