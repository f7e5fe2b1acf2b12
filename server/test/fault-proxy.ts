/**
 * A TCP proxy on loopback in front of a real server, for outage tests: `stop()` drops every
 * connection and refuses new ones (the server went down), `freeze()` keeps connections open but
 * forwards nothing (a silent network outage), `resume()` returns to normal.
 */
import net from 'node:net';

export interface FaultProxy {
  /** host:port to connect to instead of the target */
  readonly port: number;
  stop(): Promise<void>;
  freeze(): void;
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(targetHost: string, targetPort: number): Promise<FaultProxy> {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  const held: (() => void)[] = [];

  const onConnection = (client: net.Socket) => {
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (frozen) held.push(() => to.write(chunk));
        else to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };

  let server = net.createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const closeListener = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    async stop() {
      await Promise.all([closeListener(), ...[...sockets].map((socket) => void socket.destroy())]);
    },
    freeze() {
      frozen = true;
    },
    async resume() {
      frozen = false;
      for (const replay of held.splice(0)) replay();
      if (!server.listening) {
        server = net.createServer(onConnection);
        await listen(port);
      }
    },
    async close() {
      frozen = false;
      held.length = 0;
      for (const socket of sockets) socket.destroy();
      if (server.listening) await closeListener();
    },
  };
}
