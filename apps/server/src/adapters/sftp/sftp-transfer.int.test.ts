import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestSftpServer, type TestSftpServer } from '#test/fakes/sftp-server.js';
import { closedPort, failureOf, startSilentServer, transferErrorOf, type LocalServer } from './network.test-support.js';
import { createFileTransfer, type FileTransferConfig, type TransferServer } from './index.js';

// The SFTP side against a real SSH server on this machine (test/fakes/sftp-server.ts), which the
// configuration allows as an operator would; a quiet server for timeouts.

const USER = 'asm-college';
const PASSWORD = 'Pa55-word-sftp!';
let fake: TestSftpServer;
let silent: LocalServer;

beforeAll(async () => {
  [fake, silent] = await Promise.all([startTestSftpServer({ user: USER, password: PASSWORD }), startSilentServer()]);
});
afterAll(async () => {
  await Promise.all([fake?.close(), silent?.close()]);
});

const transferOf = (config: Partial<FileTransferConfig> = {}) =>
  createFileTransfer({ allowedAddresses: ['127.0.0.1'], timeoutMs: 10_000, ...config });
const serverOf = (changes: Partial<TransferServer> = {}): TransferServer => ({
  protocol: 'sftp',
  host: '127.0.0.1',
  port: fake.port,
  user: USER,
  password: PASSWORD,
  ...changes,
});
/** Waits until the fake saw every connection hang up: a failed connection is ended too. */
const allHungUp = () => vi.waitFor(() => expect(fake.openConnections()).toBe(0), { timeout: 10_000, interval: 20 });

describe('the SFTP transfer', () => {
  it('signs in and tells the host key it saw', async () => {
    expect(await transferOf().ping(serverOf())).toEqual({ hostKey: fake.hostKey, secure: true });
    await allHungUp();
  });

  it('connects to the address it checked, never resolving the name again', async () => {
    const lookups: string[] = [];
    const lookup = async (host: string) => {
      lookups.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const session = await transferOf({ lookup }).ping(serverOf({ host: 'sftp.college.test' }));
    expect(session.hostKey).toBe(fake.hostKey);
    expect(lookups).toEqual(['sftp.college.test']);
  });

  it('is invalid_credentials for a wrong password, which its message does not hold', async () => {
    const error = await transferErrorOf(transferOf().ping(serverOf({ password: 'not-the-password' })));
    expect(error.failure).toBe('invalid_credentials');
    expect(error.message).not.toContain('not-the-password');
    expect(fake.passwordAttempts().at(-1)).toEqual({ user: USER, accepted: false });
    await allHungUp();
  });

  it('is offline on a closed port', async () => {
    expect(await failureOf(transferOf().ping(serverOf({ port: await closedPort() })))).toBe('offline');
  });

  it('times out on a server that accepts and never answers, and hangs up', async () => {
    const before = silent.connections();
    expect(await failureOf(transferOf({ timeoutMs: 1_500 }).ping(serverOf({ port: silent.port })))).toBe('timeout');
    expect(silent.connections()).toBe(before + 1);
    await vi.waitFor(() => expect(silent.openConnections()).toBe(0), { timeout: 10_000, interval: 20 });
  }, 30_000);

  it('refuses 127.0.0.1 when the configuration does not allow it, without connecting', async () => {
    const before = fake.connections();
    const error = await transferErrorOf(transferOf({ allowedAddresses: [] }).ping(serverOf()));
    expect(error.failure).toBe('address_refused');
    expect(fake.connections()).toBe(before);
  });

  it('refuses a name that resolves to the cloud metadata address', async () => {
    const before = fake.connections();
    const lookup = async () => [{ address: '169.254.169.254', family: 4 }];
    expect(await failureOf(transferOf({ lookup }).ping(serverOf({ host: 'metadata.college.test' })))).toBe('address_refused');
    expect(fake.connections()).toBe(before);
  });

  it('refuses a key other than the pinned one before sending the password, and accepts the pinned one', async () => {
    const attempts = fake.passwordAttempts().length;
    const connections = fake.connections();
    const pinnedHostKey = 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const error = await transferErrorOf(transferOf().ping(serverOf(), { pinnedHostKey }));
    expect(error.failure).toBe('host_key_changed');
    expect(fake.connections()).toBe(connections + 1);
    expect(fake.passwordAttempts()).toHaveLength(attempts);
    await allHungUp();
    expect(await transferOf().ping(serverOf(), { pinnedHostKey: fake.hostKey })).toEqual({ hostKey: fake.hostKey, secure: true });
  });

  it('writes 1 MB byte for byte into a folder it creates, and replaces it on the next upload', async () => {
    const transfer = transferOf();
    const bytes = randomBytes(1024 * 1024);
    const target = { directory: 'dropbox/2026', fileName: 'asm.zip', bytes };
    expect(await transfer.upload(serverOf(), target)).toEqual({ hostKey: fake.hostKey, secure: true });
    expect((await readFile(path.join(fake.root, 'dropbox/2026/asm.zip'))).equals(bytes)).toBe(true);

    const again = randomBytes(200 * 1024);
    await transfer.upload(serverOf(), { ...target, directory: '/dropbox/2026/', bytes: again });
    expect((await readFile(path.join(fake.root, 'dropbox/2026/asm.zip'))).equals(again)).toBe(true);
    await allHungUp();
  });

  it('writes into the login folder itself, an empty file too', async () => {
    await transferOf().upload(serverOf(), { directory: '', fileName: 'empty.zip', bytes: Buffer.alloc(0) });
    expect(await readFile(path.join(fake.root, 'empty.zip'))).toHaveLength(0);
  });

  it('is offline when the server refuses the folder, here one above its root', async () => {
    const error = await transferErrorOf(
      transferOf().upload(serverOf(), { directory: '../outside', fileName: 'a.zip', bytes: Buffer.from('x') }),
    );
    expect(error.failure).toBe('offline');
    expect(error.message).not.toContain(PASSWORD);
  });

  it('refuses a file name that is not a plain name before connecting', async () => {
    const before = fake.connections();
    const upload = transferOf().upload(serverOf(), { directory: 'dropbox', fileName: '../asm.zip', bytes: Buffer.from('x') });
    await expect(upload).rejects.toThrow(RangeError);
    expect(fake.connections()).toBe(before);
  });
});
