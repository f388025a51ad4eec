import { describe, expect, it } from 'vitest';
import {
  asmInformationsUpdateSchema,
  connectionTestSchema,
  INVALID_PORT,
  INVALID_SERVER_URL,
  serverHostOf,
  SERVER_URL_PORT,
} from './asm.js';

describe('serverHostOf: the host a server address names', () => {
  it.each([
    ['upload.appleschoolcontent.com', 'upload.appleschoolcontent.com'],
    ['sftp://upload.appleschoolcontent.com', 'upload.appleschoolcontent.com'],
    ['SFTP://Upload.Example.fr/', 'upload.example.fr'],
    ['ftp://files.example.fr', 'files.example.fr'],
    ['ftps://files.example.fr', 'files.example.fr'],
    ['  192.0.2.10 ', '192.0.2.10'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['sftp://[2001:db8::1]', '2001:db8::1'],
  ])('reads %s as %s', (address, host) => {
    expect(serverHostOf(address)).toEqual({ host, hasPort: false });
  });

  it.each([
    ['', 'empty'],
    ['http://example.fr', 'another scheme'],
    ['sftp://user:secret@example.fr', 'credentials in the address'],
    ['sftp://example.fr/dropbox', 'a path'],
    ['sftp://example.fr?x=1', 'a query'],
    ['exa mple.fr', 'a space'],
  ])('names no host in %s (%s)', (address) => {
    expect(serverHostOf(address)).toBeUndefined();
  });

  it('says when the address names a port, whatever its scheme', () => {
    expect(serverHostOf('example.fr:2222')).toEqual({ host: 'example.fr', hasPort: true });
    expect(serverHostOf('ftp://example.fr:21')).toEqual({ host: 'example.fr', hasPort: true });
  });
});

describe('the ASM tab’s change', () => {
  const messageOf = (input: unknown) => asmInformationsUpdateSchema.safeParse(input).error?.issues[0]?.message;

  it('takes the tab’s fields, an empty address included', () => {
    const change = { locationId: 'L1', sftpUrl: '', sftpUser: 'u', sftpPassword: ' p ', sftpPort: 2222, isSftp: false };
    // A password keeps its spaces: they may be part of it.
    expect(asmInformationsUpdateSchema.parse(change)).toEqual({ ...change, sftpPassword: ' p ' });
  });

  it.each([
    [{ sftpUrl: 'http://example.fr' }, INVALID_SERVER_URL],
    [{ sftpUrl: 'example.fr:22' }, SERVER_URL_PORT],
    [{ sftpPort: 0 }, INVALID_PORT],
    [{ sftpPort: 65536 }, INVALID_PORT],
    [{ sftpPort: Number.NaN }, INVALID_PORT],
  ])('refuses %j', (change, message) => {
    expect(messageOf(change)).toBe(message);
  });

  it('refuses a connection test without an address', () => {
    const test = { uai: '0690001A', sftpUrl: '', sftpUser: 'u', sftpPort: 22, isSftp: true };
    expect(connectionTestSchema.safeParse(test).error?.issues[0]?.message).toBe(INVALID_SERVER_URL);
  });
});
