import net from 'node:net';

/**
 * A TCP proxy a test puts between the product and a real service (PostgreSQL, Redis), so that it
 * can cut the service off and bring it back without touching the machine's own service.
 * `cut()` drops every open connection and refuses new ones (as a stopped service: connection
 * refused); `restore()` accepts again. Listens on 127.0.0.1 at a free port.
 */
export type TcpProxy = {
  /** The proxy's port: put it in the URL the product is given. */
  port: number;
  /** `target` URL with its host and port replaced by the proxy's. */
  urlFor(target: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  let listening = true;
  const stop = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of open) socket.destroy();
    open.clear();
    await closed;
  };
  return {
    port,
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut: stop,
    async restore() {
      if (listening) return;
      // The same port, so that the product's clients reconnect to the address they were given.
      await listen(port);
      listening = true;
    },
    close: stop,
  };
}
