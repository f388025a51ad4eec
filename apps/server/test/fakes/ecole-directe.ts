import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answerAfter, closeFake, listenFake, sendJson } from './http-fake.js';

/**
 * A local fake of EcoleDirecte's school-administration API (docs/external-formats.md §5.2; the
 * real one is unofficial): `POST /v3/admin/utilisateurs/{eleves|professeurs}.awp?verbe=get&filterSearch=`
 * with a form body `data=<JSON>` and an `x-token` header, answering HTTP 200 and the envelope
 * `{code, token, host, message, data}`, success or failure being `code`.
 *
 * The token rotates as the real one does: the header must equal the body's `token`, and be the
 * initial token or one the fake handed out and that was not used yet; every successful answer hands
 * out a new one. Otherwise it answers code 520 (invalid token). It answers 535 for an `rne` not
 * among `schools`, and 40129 for a body that is not `data=<JSON object>`. The `anneeScolaire` is
 * recorded, not checked. Any other path or verb answers HTTP 404.
 *
 * Modes simulate the failures the console must survive: `forbidden` (code 403), `expired` (code
 * 525), `garbage` (an HTML page, HTTP 200), `http-error` (HTTP 500), `slow` (answers after
 * `slowMs`), `wrong-shape` (a pupil without a last name). Browser tests switch modes with
 * `POST /__control/mode/{mode}`.
 */
export const ECOLE_DIRECTE_MODES = ['normal', 'forbidden', 'expired', 'garbage', 'http-error', 'slow', 'wrong-shape'] as const;
export type EcoleDirecteMode = (typeof ECOLE_DIRECTE_MODES)[number];

/** A pupil the fake lists; an empty `libelleClasse` is a pupil in no class (`idClasse` 0). */
export type FakeEcoleDirectePupil = { id: number | string; nom: string; prenom: string; libelleClasse: string };
/** A teacher the fake lists, with no class. */
export type FakeEcoleDirecteTeacher = { id: number | string; nom: string; prenom: string };

/** One call received: its path (`/v3/admin/…awp`), query, `x-token` and `user-agent` headers, and the body's parsed `data`. */
export type FakeEcoleDirecteCall = {
  path: string;
  query: Record<string, string>;
  xToken: string | null;
  userAgent: string | null;
  data: unknown;
};

/** The token it starts from, the roster it serves, and where it listens. */
export type FakeEcoleDirecteOptions = {
  /** The school's token, the first one accepted. */
  token: string;
  pupils: FakeEcoleDirectePupil[];
  teachers: FakeEcoleDirecteTeacher[];
  /** The RNEs (UAIs) it serves; by default any. */
  schools?: string[];
  /**
   * Accepts the initial token once only, as a session's token, so that a client that does not
   * rotate is refused at its second call; by default it is accepted every time, as a school's
   * saved key that starts each roster fetch.
   */
  initialTokenOnce?: boolean;
  /** How long the `slow` mode waits before answering; default 60 s, past any timeout of the tests. */
  slowMs?: number;
  port?: number;
  host?: string;
};

/** A started fake: its base URL, the calls it received, its mode, and how to stop it. */
export type FakeEcoleDirecte = {
  /** The API's base URL, to put in ECOLE_DIRECTE_URL. */
  url: string;
  port: number;
  /** Every call received on `/v3/admin/`, in order (a copy). */
  calls: () => FakeEcoleDirecteCall[];
  setMode: (mode: EcoleDirecteMode) => void;
  close: () => Promise<void>;
};

const ADMIN_PREFIX = '/v3/admin/';
const USERS_PATHS = {
  '/v3/admin/utilisateurs/eleves.awp': 'pupils',
  '/v3/admin/utilisateurs/professeurs.awp': 'teachers',
} as const;

function sendEnvelope(response: ServerResponse, code: number, token: string, message: string, data: unknown = {}): void {
  sendJson(response, 200, { code, token, host: 'HTTP1', message, data });
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function parseData(form: URLSearchParams): Record<string, unknown> | undefined {
  try {
    const data: unknown = JSON.parse(form.get('data') ?? '');
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The directory items as the real API lists them, account fields included. */
function listPupils(pupils: FakeEcoleDirectePupil[]): object[] {
  const classIds = new Map<string, number>();
  return pupils.map((pupil) => {
    const label = pupil.libelleClasse;
    if (label && !classIds.has(label)) classIds.set(label, 100 + classIds.size);
    return {
      id: pupil.id,
      civilite: '',
      nom: pupil.nom,
      prenom: pupil.prenom,
      type: 'E',
      profil: 'E',
      idClasse: label ? classIds.get(label) : 0,
      libelleClasse: label,
      otp: '',
      dejaConnecte: false,
      dateModifMdp: '',
      badge: '',
      photo: '',
    };
  });
}

function listTeachers(teachers: FakeEcoleDirecteTeacher[]): object[] {
  return teachers.map((teacher) => ({
    id: teacher.id,
    civilite: '',
    nom: teacher.nom,
    prenom: teacher.prenom,
    type: 'P',
    profil: 'P',
    otp: '',
    dejaConnecte: false,
    dateModifMdp: '',
    badge: '',
    photo: '',
  }));
}

/** Starts the fake on `port` (0: any free port). */
export async function startFakeEcoleDirecte(options: FakeEcoleDirecteOptions): Promise<FakeEcoleDirecte> {
  const schools = options.schools ? new Set(options.schools.map((uai) => uai.toUpperCase())) : undefined;
  const slowMs = options.slowMs ?? 60_000;
  const timers = new Set<NodeJS.Timeout>();
  const calls: FakeEcoleDirecteCall[] = [];
  const handedOut = new Set<string>();
  let initialUsed = false;
  let mode: EcoleDirecteMode = 'normal';

  /** Spends `token` when it is valid: the initial one, or one handed out and not used yet. */
  function spendToken(token: string): boolean {
    if (token === options.token && !(options.initialTokenOnce && initialUsed)) {
      initialUsed = true;
      return true;
    }
    return handedOut.delete(token);
  }

  function answerUsers(
    response: ServerResponse,
    kind: 'pupils' | 'teachers',
    data: Record<string, unknown>,
    header: string | null,
  ) {
    if (typeof data.token !== 'string' || data.token !== header || !spendToken(data.token)) {
      return sendEnvelope(response, 520, '', 'Token invalide !');
    }
    if (mode === 'forbidden') return sendEnvelope(response, 403, '', 'Accès refusé');
    if (mode === 'expired') return sendEnvelope(response, 525, '', 'Token expiré !');
    if (schools && !(typeof data.rne === 'string' && schools.has(data.rne.toUpperCase()))) {
      return sendEnvelope(response, 535, '', "L'établissement n'est pas sur EcoleDirecte");
    }
    const next = randomUUID();
    handedOut.add(next);
    let utilisateurs = kind === 'pupils' ? listPupils(options.pupils) : listTeachers(options.teachers);
    if (mode === 'wrong-shape') utilisateurs = [...utilisateurs, { id: 999, civilite: '', nom: null, prenom: 'Sans nom' }];
    sendEnvelope(response, 200, next, '', { utilisateurs });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    const control = /^\/__control\/mode\/([a-z-]+)$/.exec(url.pathname);
    if (request.method === 'POST' && control) {
      const wanted = control[1] as EcoleDirecteMode;
      if (!ECOLE_DIRECTE_MODES.includes(wanted)) {
        return sendJson(response, 400, { error: `modes: ${ECOLE_DIRECTE_MODES.join(', ')}` });
      }
      mode = wanted;
      return sendJson(response, 200, { mode });
    }
    if (request.method !== 'POST' || !url.pathname.startsWith(ADMIN_PREFIX)) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not Found');
      return;
    }
    const form = await readForm(request);
    const data = parseData(form);
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : null);
    calls.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      xToken: header('x-token'),
      userAgent: header('user-agent'),
      data,
    });
    const kind = USERS_PATHS[url.pathname as keyof typeof USERS_PATHS];
    if (!kind || url.searchParams.get('verbe') !== 'get') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not Found');
      return;
    }
    const answer = () => {
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') || !data) {
        return sendEnvelope(response, 40129, '', 'Format JSON invalide');
      }
      answerUsers(response, kind, data, header('x-token'));
    };
    switch (mode) {
      case 'garbage':
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html><body>Maintenance en cours</body></html>');
        return;
      case 'http-error':
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('Internal Server Error');
        return;
      case 'slow':
        return answerAfter(response, slowMs, timers, answer);
      default:
        return answer();
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { message: String(error) });
    });
  });
  const { origin, port } = await listenFake(server, options);
  return {
    url: origin,
    port,
    calls: () => [...calls],
    setMode: (next) => {
      mode = next;
    },
    close: () => closeFake(server, timers),
  };
}
