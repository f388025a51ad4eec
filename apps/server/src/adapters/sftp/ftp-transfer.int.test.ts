import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestFtpServer, type TestFtpServer } from '#test/fakes/ftp-server.js';
import { createFileTransfer, type FileTransferConfig, type TransferServer } from './index.js';
import { closedPort, failureOf, startSilentServer, transferErrorOf, type LocalServer } from './network.test-support.js';
import { startScriptedFtp } from './scripted-ftp.test-support.js';

// The FTP side against a real FTP server on this machine (ftp-srv, plain: test/fakes/ftp-server.ts),
// and a scripted one for a TLS handshake that fails and for PASV replies naming another host.

const USER = 'asm-college';
const PASSWORD = 'Pa55-word-ftp!';
let fake: TestFtpServer;
let silent: LocalServer;

beforeAll(async () => {
  [fake, silent] = await Promise.all([startTestFtpServer({ user: USER, password: PASSWORD }), startSilentServer()]);
});
afterAll(async () => {
  await Promise.all([fake?.close(), silent?.close()]);
});

const transferOf = (config: Partial<FileTransferConfig> = {}) =>
  createFileTransfer({ allowedAddresses: ['127.0.0.1'], timeoutMs: 10_000, ...config });
const serverOf = (changes: Partial<TransferServer> = {}): TransferServer => ({
  protocol: 'ftp',
  host: '127.0.0.1',
  port: fake.port,
  user: USER,
  password: PASSWORD,
  ...changes,
});
/** Answers every name with 127.0.0.1, as a school's DNS would with its server's address. */
const localLookup = async () => [{ address: '127.0.0.1', family: 4 }];

describe('the FTP transfer', () => {
  it('falls back to plain on a server that refuses AUTH TLS, and says the password went in clear', async () => {
    const before = fake.connections();
    expect(await transferOf().ping(serverOf())).toEqual({ hostKey: null, secure: false });
    // One connection refused TLS, a second one signed in.
    expect(fake.connections()).toBe(before + 2);
  });

  it('writes 1 MB byte for byte into a folder it creates, and replaces it on the next upload', async () => {
    const transfer = transferOf();
    const bytes = randomBytes(1024 * 1024);
    const target = { directory: 'dropbox/2026', fileName: 'asm.zip', bytes };
    expect(await transfer.upload(serverOf(), target)).toEqual({ hostKey: null, secure: false });
    expect((await readFile(path.join(fake.root, 'dropbox/2026/asm.zip'))).equals(bytes)).toBe(true);

    const again = randomBytes(100 * 1024);
    await transfer.upload(serverOf(), { ...target, directory: '/dropbox/2026', bytes: again });
    expect((await readFile(path.join(fake.root, 'dropbox/2026/asm.zip'))).equals(again)).toBe(true);
  });

  it('writes into the login folder itself', async () => {
    const bytes = randomBytes(4096);
    await transferOf().upload(serverOf(), { directory: '.', fileName: 'root.zip', bytes });
    expect((await readFile(path.join(fake.root, 'root.zip'))).equals(bytes)).toBe(true);
  });

  it('is invalid_credentials for a wrong password, which its message does not hold', async () => {
    const error = await transferErrorOf(transferOf().ping(serverOf({ password: 'not-the-password' })));
    expect(error.failure).toBe('invalid_credentials');
    expect(error.message).not.toContain('not-the-password');
  });

  it('is offline on a closed port', async () => {
    expect(await failureOf(transferOf().ping(serverOf({ port: await closedPort() })))).toBe('offline');
  });

  it('times out on a server that accepts and never greets, and hangs up', async () => {
    expect(await failureOf(transferOf({ timeoutMs: 1_500 }).ping(serverOf({ port: silent.port })))).toBe('timeout');
    await vi.waitFor(() => expect(silent.openConnections()).toBe(0), { timeout: 10_000, interval: 20 });
  }, 30_000);

  it('refuses 127.0.0.1 when the configuration does not allow it, without connecting', async () => {
    const before = fake.connections();
    expect(await failureOf(transferOf({ allowedAddresses: [] }).ping(serverOf()))).toBe('address_refused');
    expect(fake.connections()).toBe(before);
  });

  it('is offline, never plain, when the TLS handshake fails, and checks the name it was given', async () => {
    const scripted = await startScriptedFtp({ tls: 'fail-handshake' });
    try {
      const server = serverOf({ host: 'ftp.college.test', port: scripted.port });
      expect(await failureOf(transferOf({ lookup: localLookup }).ping(server))).toBe('offline');
      expect(scripted.serverNames).toEqual(['ftp.college.test']);
      expect(scripted.commands).toEqual(['AUTH TLS']);
      expect(scripted.connections()).toBe(1);
    } finally {
      await scripted.close();
    }
  });

  it('times out when the TLS handshake never begins, without signing in', async () => {
    const scripted = await startScriptedFtp({ tls: 'stall' });
    try {
      expect(await failureOf(transferOf({ timeoutMs: 1_500 }).ping(serverOf({ port: scripted.port })))).toBe('timeout');
      expect(scripted.commands).toEqual(['AUTH TLS']);
      await vi.waitFor(() => expect(scripted.openConnections()).toBe(0), { timeout: 10_000, interval: 20 });
    } finally {
      await scripted.close();
    }
  }, 30_000);

  it('sends the data to the address it connected to, not to the host a PASV reply announces', async () => {
    const scripted = await startScriptedFtp({ tls: 'refuse', announcedHost: '127.0.0.2' });
    try {
      const bytes = randomBytes(64 * 1024);
      await transferOf().upload(serverOf({ port: scripted.port }), { directory: '', fileName: 'asm.zip', bytes });
      expect(scripted.commands).toContain('PASV');
      expect(scripted.stored.get('asm.zip')?.equals(bytes)).toBe(true);
      expect(scripted.trapConnections()).toBe(0);
    } finally {
      await scripted.close();
    }
  });

  it('is offline rather than follow a PASV reply to a host of another network', async () => {
    const scripted = await startScriptedFtp({ tls: 'refuse', announcedHost: '10.0.0.1' });
    try {
      const upload = transferOf().upload(serverOf({ port: scripted.port }), {
        directory: '',
        fileName: 'asm.zip',
        bytes: Buffer.from('x'),
      });
      expect(await failureOf(upload)).toBe('offline');
      expect(scripted.stored.size).toBe(0);
    } finally {
      await scripted.close();
    }
  });
});
