import type { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { startLocalServer, type LocalServer } from './network.test-support.js';

/**
 * A small FTP server answering from a script, for what ftp-srv (test/fakes/ftp-server.ts) cannot
 * be made to do: accept AUTH TLS and then fail the TLS handshake, noting the name the client
 * asked for (SNI), or never begin it; or refuse EPSV and announce another host in its PASV reply, with a trap
 * listening there to count who follows it. It takes any user and password.
 */
export type ScriptedFtp = LocalServer & {
  /** Every command received, in order, the password masked ('PASS ***'). */
  commands: string[];
  /** The server names (SNI) of the TLS handshakes clients began. */
  serverNames: string[];
  /** The files stored, by name. */
  stored: Map<string, Buffer>;
  /** Connections to the host a PASV reply announced; 0 unless a client followed the announcement. */
  trapConnections: () => number;
};

export type ScriptedFtpOptions = {
  /**
   * 'refuse': AUTH TLS answered 502; 'fail-handshake': answered 234, then no certificate to
   * offer; 'stall': answered 234, then silence.
   */
  tls: 'refuse' | 'fail-handshake' | 'stall';
  /** An address other than 127.0.0.1 (127.0.0.2, 10.0.0.1) to announce in PASV replies, EPSV being refused. */
  announcedHost?: string;
};

export async function startScriptedFtp(options: ScriptedFtpOptions): Promise<ScriptedFtp> {
  const commands: string[] = [];
  const serverNames: string[] = [];
  const stored = new Map<string, Buffer>();
  const extra: LocalServer[] = [];
  const trapCounts: LocalServer[] = [];

  /** A data listener on 127.0.0.1, and the bytes its first connection sends. */
  const openPassive = async () => {
    let deliver: (bytes: Buffer) => void = () => undefined;
    const bytes = new Promise<Buffer>((resolve) => (deliver = resolve));
    const data = await startLocalServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => deliver(Buffer.concat(chunks)));
    });
    extra.push(data);
    if (options.announcedHost !== undefined) {
      // Where a client following the announcement would connect; an address this machine does
      // not have (10.0.0.1) gets no trap, and a follower's connection fails.
      const trap = await startLocalServer(() => undefined, { host: options.announcedHost, port: data.port }).catch(() => null);
      if (trap) trapCounts.push(trap);
    }
    return { port: data.port, bytes };
  };

  const serve = (socket: Socket) => {
    let passive: Awaited<ReturnType<typeof openPassive>> | null = null;
    let pending = '';
    let queue = Promise.resolve();
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const handle = async (line: string): Promise<void> => {
      const [verb = '', ...rest] = line.split(' ');
      const argument = rest.join(' ');
      const command = verb.toUpperCase();
      commands.push(command === 'PASS' ? 'PASS ***' : line);
      switch (command) {
        case 'AUTH':
          if (options.tls === 'refuse') return void reply('502 TLS is not offered here');
          reply('234 Proceed with negotiation');
          socket.removeAllListeners('data');
          if (options.tls === 'stall') return void socket.resume();
          new TLSSocket(socket, {
            isServer: true,
            SNICallback: (name, callback) => {
              serverNames.push(name);
              callback(new Error('no certificate for this name'));
            },
          }).on('error', () => socket.destroy());
          return;
        case 'USER':
          return void reply('331 Password required');
        case 'PASS':
          return void reply('230 Signed in');
        case 'FEAT':
          return void reply('211 No features');
        case 'PWD':
          return void reply('257 "/"');
        case 'CWD':
          return void reply('250 Folder changed');
        case 'MKD':
          return void reply('257 Folder made');
        case 'OPTS':
        case 'TYPE':
        case 'STRU':
          return void reply('200 OK');
        case 'EPSV':
          if (options.announcedHost !== undefined) return void reply('502 EPSV is not offered here');
          passive = await openPassive();
          return void reply(`229 Entering Extended Passive Mode (|||${passive.port}|)`);
        case 'PASV': {
          passive = await openPassive();
          const host = (options.announcedHost ?? '127.0.0.1').replaceAll('.', ',');
          return void reply(`227 Entering Passive Mode (${host},${passive.port >> 8},${passive.port & 255})`);
        }
        case 'STOR': {
          if (!passive) return void reply('425 Use PASV first');
          reply('150 Ready for the data');
          stored.set(argument, await passive.bytes);
          passive = null;
          return void reply('226 Stored');
        }
        case 'QUIT':
          reply('221 Bye');
          return void socket.end();
        default:
          return void reply('502 Not implemented');
      }
    };
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      const lines = pending.split('\r\n');
      pending = lines.pop() ?? '';
      for (const line of lines) queue = queue.then(() => handle(line));
    });
    reply('220 Scripted FTP ready');
  };

  const control = await startLocalServer(serve);
  return {
    ...control,
    commands,
    serverNames,
    stored,
    trapConnections: () => trapCounts.reduce((sum, trap) => sum + trap.connections(), 0),
    close: async () => {
      await Promise.all([control, ...extra, ...trapCounts].map((server) => server.close()));
    },
  };
}
