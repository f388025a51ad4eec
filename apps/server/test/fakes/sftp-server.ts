import { createHash, timingSafeEqual } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, rmdir, stat, lstat, unlink, type FileHandle } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ssh2, { type Attributes, type Connection, type FileEntry, type ParsedKey, type SFTPWrapper } from 'ssh2';

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

/**
 * A real SSH server (ssh2's `Server`) on a free local port, with password sign-in and an SFTP
 * subsystem backed by a temporary folder: what ssh2-sftp-client needs to connect, create folders,
 * test and list them, put, rename and remove files (REALPATH, STAT, LSTAT, FSTAT, SETSTAT,
 * FSETSTAT, OPEN, READ, WRITE, CLOSE, OPENDIR, READDIR, MKDIR, RMDIR, RENAME, REMOVE). The sign-in
 * opens the folder as `/`; a path climbing above it is refused (no symbolic link can be made
 * through it). `connections()` and `passwordAttempts()` tell whether a client connected at all,
 * and whether it sent a password; `openConnections()` whether it hung up.
 */
export type TestSftpServer = {
  host: '127.0.0.1';
  port: number;
  /** The folder the files land in. */
  root: string;
  /** The host key's fingerprint as OpenSSH prints it ('SHA256:…'). */
  hostKey: string;
  /** TCP connections accepted so far. */
  connections: () => number;
  /** TCP connections still open: 0 once every client hung up. */
  openConnections: () => number;
  /** The password sign-ins tried so far, in order (the passwords themselves are not kept). */
  passwordAttempts: () => PasswordAttempt[];
  /** Ends every connection and stops; removes `root` when the server made it. */
  close: () => Promise<void>;
};

export type PasswordAttempt = { user: string; accepted: boolean };

export type TestSftpServerOptions = {
  user: string;
  password: string;
  /** The folder to serve; default a new temporary folder. */
  root?: string;
  /** The host's private key (PEM or OpenSSH format); default a new ed25519 key. */
  hostKey?: string;
  /** Default 0: any free port. */
  port?: number;
};

export async function startTestSftpServer(options: TestSftpServerOptions): Promise<TestSftpServer> {
  const root = options.root ?? (await mkdtemp(path.join(tmpdir(), 'sftp-fake-')));
  const privateKey = options.hostKey ?? utils.generateKeyPairSync('ed25519').private;
  let connections = 0;
  const attempts: PasswordAttempt[] = [];
  const ssh = new Server({ hostKeys: [privateKey] }, (client) => serveClient(client, options, root, attempts));
  // The TCP listener is this module's own, so that every connection is counted (ssh2 tells of a
  // client only once it sent its version line) and destroyed at close.
  const sockets = new Set<Socket>();
  const tcp = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    ssh.injectSocket(socket);
  });
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  return {
    host: '127.0.0.1',
    port: (tcp.address() as AddressInfo).port,
    root,
    hostKey: fingerprintOf(privateKey),
    connections: () => connections,
    openConnections: () => sockets.size,
    passwordAttempts: () => [...attempts],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      if (options.root === undefined) await rm(root, { recursive: true, force: true });
    },
  };
}

/** 'SHA256:' and the unpadded base64 of the SHA-256 of the public key blob, as `ssh-keygen -l` prints. */
function fingerprintOf(privateKey: string): string {
  const parsed = utils.parseKey(privateKey);
  if (parsed instanceof Error) throw parsed;
  const key = Array.isArray(parsed) ? (parsed[0] as ParsedKey) : parsed;
  return `SHA256:${createHash('sha256').update(key.getPublicSSH()).digest('base64').replace(/=+$/, '')}`;
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function serveClient(client: Connection, options: TestSftpServerOptions, root: string, attempts: PasswordAttempt[]): void {
  client.on('error', () => undefined);
  client.on('authentication', (context) => {
    if (context.method !== 'password') return context.reject(['password']);
    const accepted = sameText(context.username, options.user) && sameText(context.password, options.password);
    attempts.push({ user: context.username, accepted });
    if (accepted) context.accept();
    else context.reject(['password']);
  });
  client.on('ready', () => {
    client.on('session', (acceptSession) => {
      const session = acceptSession();
      session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), root));
    });
  });
}

type OpenHandle = { kind: 'file'; file: FileHandle } | { kind: 'directory'; entries: FileEntry[] | null };

/** The SFTP requests, answered from the folder. */
function serveSftp(sftp: SFTPWrapper, root: string): void {
  const handles = new Map<number, OpenHandle>();
  let nextHandle = 0;
  const newHandle = (open: OpenHandle): Buffer => {
    const id = nextHandle++;
    handles.set(id, open);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id);
    return buffer;
  };
  const handleOf = (buffer: Buffer): { id: number; open: OpenHandle } | undefined => {
    const id = buffer.length === 4 ? buffer.readUInt32BE(0) : -1;
    const open = handles.get(id);
    return open ? { id, open } : undefined;
  };
  /** Runs one request; a refused path or a failed file operation answers its status. */
  const answer = (requestId: number, work: () => Promise<void>) => {
    work().catch((error: unknown) => sftp.status(requestId, statusOf(error)));
  };
  const onPath = (requestId: number, input: string, work: (real: string, virtual: string) => Promise<void>) =>
    answer(requestId, async () => {
      const virtual = virtualPath(input);
      if (virtual === null) throw Object.assign(new Error('outside the root'), { code: 'EACCES' });
      await work(path.join(root, virtual), virtual);
    });

  sftp.on('error', () => undefined);
  // Files a client left open (a transfer cut short) are closed with the channel.
  sftp.on('close', () => {
    for (const open of handles.values()) if (open.kind === 'file') void open.file.close().catch(() => undefined);
    handles.clear();
  });
  sftp.on('REALPATH', (requestId, input) =>
    onPath(requestId, input, async (_real, virtual) => {
      sftp.name(requestId, [{ filename: virtual, longname: virtual, attrs: {} as Attributes }]);
    }),
  );
  sftp.on('STAT', (requestId, input) =>
    onPath(requestId, input, async (real) => void sftp.attrs(requestId, attributesOf(await stat(real)))),
  );
  sftp.on('LSTAT', (requestId, input) =>
    onPath(requestId, input, async (real) => void sftp.attrs(requestId, attributesOf(await lstat(real)))),
  );
  sftp.on('FSTAT', (requestId, buffer) =>
    answer(requestId, async () => {
      const handle = handleOf(buffer);
      if (handle?.open.kind !== 'file') return void sftp.status(requestId, STATUS_CODE.FAILURE);
      sftp.attrs(requestId, attributesOf(await handle.open.file.stat()));
    }),
  );
  sftp.on('SETSTAT', (requestId, input) => onPath(requestId, input, async () => void sftp.status(requestId, STATUS_CODE.OK)));
  sftp.on('FSETSTAT', (requestId, buffer) => sftp.status(requestId, handleOf(buffer) ? STATUS_CODE.OK : STATUS_CODE.FAILURE));
  sftp.on('OPEN', (requestId, input, flags) =>
    onPath(requestId, input, async (real) => {
      const mode = utils.sftp.flagsToString(flags);
      if (mode === null) return void sftp.status(requestId, STATUS_CODE.OP_UNSUPPORTED);
      sftp.handle(requestId, newHandle({ kind: 'file', file: await open(real, mode) }));
    }),
  );
  sftp.on('WRITE', (requestId, buffer, offset, data) =>
    answer(requestId, async () => {
      const handle = handleOf(buffer);
      if (handle?.open.kind !== 'file') return void sftp.status(requestId, STATUS_CODE.FAILURE);
      await handle.open.file.write(data, 0, data.length, offset);
      sftp.status(requestId, STATUS_CODE.OK);
    }),
  );
  sftp.on('READ', (requestId, buffer, offset, length) =>
    answer(requestId, async () => {
      const handle = handleOf(buffer);
      if (handle?.open.kind !== 'file') return void sftp.status(requestId, STATUS_CODE.FAILURE);
      const chunk = Buffer.alloc(length);
      const { bytesRead } = await handle.open.file.read(chunk, 0, length, offset);
      if (bytesRead === 0) sftp.status(requestId, STATUS_CODE.EOF);
      else sftp.data(requestId, chunk.subarray(0, bytesRead));
    }),
  );
  sftp.on('CLOSE', (requestId, buffer) =>
    answer(requestId, async () => {
      const handle = handleOf(buffer);
      if (!handle) return void sftp.status(requestId, STATUS_CODE.FAILURE);
      handles.delete(handle.id);
      if (handle.open.kind === 'file') await handle.open.file.close();
      sftp.status(requestId, STATUS_CODE.OK);
    }),
  );
  sftp.on('OPENDIR', (requestId, input) =>
    onPath(requestId, input, async (real) => {
      const names = await readdir(real);
      const entries = await Promise.all(
        names.map(async (name) => {
          const attributes = attributesOf(await lstat(path.join(real, name)));
          return { filename: name, longname: longnameOf(name, attributes), attrs: attributes };
        }),
      );
      sftp.handle(requestId, newHandle({ kind: 'directory', entries }));
    }),
  );
  sftp.on('READDIR', (requestId, buffer) => {
    const handle = handleOf(buffer);
    if (handle?.open.kind !== 'directory') return void sftp.status(requestId, STATUS_CODE.FAILURE);
    const { entries } = handle.open;
    handle.open.entries = null;
    if (entries === null || entries.length === 0) sftp.status(requestId, STATUS_CODE.EOF);
    else sftp.name(requestId, entries);
  });
  sftp.on('MKDIR', (requestId, input) =>
    onPath(requestId, input, async (real) => {
      await mkdir(real);
      sftp.status(requestId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RMDIR', (requestId, input) =>
    onPath(requestId, input, async (real, virtual) => {
      if (virtual === '/') return void sftp.status(requestId, STATUS_CODE.PERMISSION_DENIED);
      await rmdir(real);
      sftp.status(requestId, STATUS_CODE.OK);
    }),
  );
  sftp.on('REMOVE', (requestId, input) =>
    onPath(requestId, input, async (real) => {
      await unlink(real);
      sftp.status(requestId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RENAME', (requestId, from, to) =>
    onPath(requestId, from, async (realFrom) =>
      onPath(requestId, to, async (realTo) => {
        // As OpenSSH: a rename does not replace an existing file.
        const exists = await lstat(realTo).then(
          () => true,
          () => false,
        );
        if (exists) return void sftp.status(requestId, STATUS_CODE.FAILURE);
        await rename(realFrom, realTo);
        sftp.status(requestId, STATUS_CODE.OK);
      }),
    ),
  );
}

/**
 * The path the client names, made absolute from `/` (the sign-in folder) and normalized; null
 * when it climbs above `/`.
 */
function virtualPath(input: string): string | null {
  const segments: string[] = [];
  for (const part of input.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..') segments.push(part);
    else if (segments.pop() === undefined) return null;
  }
  return `/${segments.join('/')}`;
}

function attributesOf(stats: Stats): Attributes {
  return {
    mode: stats.mode,
    uid: stats.uid,
    gid: stats.gid,
    size: stats.size,
    atime: Math.floor(stats.atimeMs / 1000),
    mtime: Math.floor(stats.mtimeMs / 1000),
  };
}

/** An `ls -l` line, whose first character ssh2-sftp-client reads as the entry's type. */
function longnameOf(name: string, attributes: Attributes): string {
  const type = (attributes.mode & constants.S_IFMT) === constants.S_IFDIR ? 'd' : '-';
  return `${type}rw-r--r-- 1 sftp sftp ${attributes.size} Jan 01 00:00 ${name}`;
}

function statusOf(error: unknown): number {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return STATUS_CODE.NO_SUCH_FILE;
  if (code === 'EACCES' || code === 'EPERM') return STATUS_CODE.PERMISSION_DENIED;
  return STATUS_CODE.FAILURE;
}
