import net from 'node:net';

/** A TCP proxy in front of PostgreSQL that a test can cut and restore, to inject connection faults. */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1') {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** Kills every open connection and refuses new ones. */
    async cut() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
      server = null;
    },
    /** Accepts connections again on the same port. */
    restore: listen,
    async close() {
      await this.cut();
    },
  };
}
