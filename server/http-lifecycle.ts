/**
 * How long the HTTP server waits for its clients, and how it stops: slow or stalled clients are
 * dropped, a request the server is still working on is not, and a stop finishes what is in
 * flight within a deadline before closing whatever is left.
 */
import type http from 'node:http';
import type net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface HttpTimeouts {
  /** until a request's headers have all arrived */
  headersMs: number;
  /** until a whole request (headers and body) has arrived, however steadily it flows */
  requestMs: number;
  /** of silence from a client that is sending its request or reading our answer (between requests, Fastify's keep-alive timeout applies) */
  idleMs: number;
}

/**
 * Node checks the headers and request limits on a timer (every 30 s by default, which would let a
 * slow client overstay by that much); this is how often we check instead.
 */
const LIMIT_CHECK_MS = 1000;
/** During a stop, connections that finished their request are closed this often. */
const DRAIN_SWEEP_MS = 200;
/** After forcing connections closed, time for aborted uploads to remove their temporary files. */
const ABORT_SETTLE_MS = 300;

export function applyHttpTimeouts(server: http.Server, timeouts: HttpTimeouts): void {
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  // read by Node when the server starts listening; @types/node 20 lacks it as a property
  Object.assign(server, { connectionsCheckingInterval: LIMIT_CHECK_MS });

  // each connection's latest exchange (a finished one counts as not working: its headers are sent)
  const current = new WeakMap<net.Socket, http.ServerResponse>();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    current.set(socket, res);
    // a request without a body (most: every GET) is complete once its headers are read
    if (req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] ?? '0') === '0') return;
    // answered before its body was read (an upload refused midway): nobody would read the rest, and the
    // client's next request would wait behind it; finish the connection, dropping what still arrives
    res.once('finish', () => {
      if (req.complete) return;
      req.resume();
      socket.end();
    });
  });
  server.setTimeout(timeouts.idleMs);
  // a listener here replaces Node's "destroy on any silence": a request whose body has arrived
  // and whose answer is still being prepared (a big image being processed) is not the client's fault
  server.on('timeout', (socket: net.Socket) => {
    const res = current.get(socket);
    const working = res && res.req.complete && !res.headersSent;
    if (!working) socket.destroy();
  });
}

export interface StopResult {
  /** connections closed at the deadline with their request unfinished */
  forced: number;
  ms: number;
}

/**
 * Stops accepting, lets requests in flight finish for up to `deadlineMs`, then closes the
 * connections that are left (a stalled upload among them). Resolves once the server is closed.
 */
export async function stopAccepting(app: FastifyInstance, deadlineMs: number, hurry: Promise<void>): Promise<StopResult> {
  const started = Date.now();
  const server = app.server;
  const closed = app.close();
  // a request in flight when we stopped may leave its connection open for keep-alive: close it as soon as it is idle
  const sweep = setInterval(() => server.closeIdleConnections(), DRAIN_SWEEP_MS);
  let deadline: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    deadline = setTimeout(() => resolve('late'), deadlineMs);
  });
  let forced = 0;
  try {
    const outcome = await Promise.race([closed.then(() => 'drained' as const), late, hurry.then(() => 'late' as const)]);
    if (outcome === 'late') {
      forced = await openConnections(server);
      server.closeAllConnections();
      await closed;
      await new Promise((resolve) => setTimeout(resolve, ABORT_SETTLE_MS));
    }
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  return { forced, ms: Date.now() - started };
}

function openConnections(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}
