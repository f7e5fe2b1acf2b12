/**
 * The embedded database's own thread (started by server/db/pglite-connection.ts): PGlite runs here, so its
 * statements, which run synchronously in WebAssembly, never hold up the serving thread. It speaks PostgreSQL's
 * wire protocol over a MessagePort per connection, and the server reaches it with node-postgres, as it reaches
 * PostgreSQL over a socket. See docs/decisions/0054.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { frameMessages, isEndOfConnection, parseThreadRequest, parseThreadStart, readyStatus, type ThreadReply } from './pglite-protocol';

const start = parseThreadStart(workerData);
const parent = parentPort;
if (!parent) throw new Error('server/db/pglite-thread.ts runs as a worker thread');

/** One client connection: its bytes not yet framed, and whether it left PGlite inside a transaction. */
interface Connection {
  port: MessagePort;
  unframed: Uint8Array;
  /** Its first message, the startup packet, has not come yet. */
  startup: boolean;
  inTransaction: boolean;
  ended: boolean;
}

/** A connection's complete messages waiting for the database, in arrival order; none: the connection ended there. */
interface Job {
  connection: Connection;
  messages: Uint8Array[];
}

const queue: Job[] = [];
let running = false;
/** The connection whose transaction is open: PGlite has one session, so nobody else's statements may run inside it. */
let owner: Connection | null = null;

const db = new PGlite({ dataDir: start.dataDir, postgresqlconf: start.conf, pgliteWasmModule: start.wasmModule });

async function run(): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (;;) {
      const index = owner ? queue.findIndex((job) => job.connection === owner) : 0;
      if (index < 0 || queue.length === 0) return;
      const [job] = queue.splice(index, 1);
      await execute(job);
    }
  } finally {
    running = false;
  }
}

async function execute(job: Job): Promise<void> {
  const { connection } = job;
  // a connection that ended inside a transaction (its client gave up on it) must not leave the transaction open
  const messages = job.messages.length > 0 ? job.messages : connection.inTransaction ? [ROLLBACK] : [];
  const replies: Uint8Array<ArrayBuffer>[] = [];
  for (const message of messages) {
    // PGlite's output is a view into its WebAssembly memory: copied here, or posting it would clone all that memory
    await db.execProtocolRawStream(message, { syncToFs: false, onRawData: (bytes) => replies.push(bytes.slice()) });
  }
  const reply = concat(replies);
  const status = readyStatus(reply);
  if (status !== null) connection.inTransaction = status !== 'I';
  owner = connection.inTransaction ? connection : owner === connection ? null : owner;
  if (!connection.inTransaction) await db.syncToFs();
  if (!connection.ended && reply.length > 0) connection.port.postMessage(reply, [reply.buffer]);
}

/** Its messages already queued still run (their replies go nowhere), then what it left open is rolled back. */
function endConnection(connection: Connection): void {
  connection.ended = true;
  connection.port.close();
  queue.push({ connection, messages: [] });
  void run().catch(fail);
}

const ROLLBACK = simpleQuery('rollback');

function simpleQuery(text: string): Uint8Array {
  const body = new TextEncoder().encode(`${text}\0`);
  const message = new Uint8Array(5 + body.length);
  message[0] = 'Q'.charCodeAt(0);
  new DataView(message.buffer).setInt32(1, 4 + body.length);
  message.set(body, 5);
  return message;
}

function concat(parts: Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer> {
  if (parts.length === 1) return parts[0];
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

function accept(port: MessagePort): void {
  const connection: Connection = { port, unframed: new Uint8Array(0), startup: true, inTransaction: false, ended: false };
  port.on('message', (data: unknown) => {
    if (connection.ended) return;
    if (isEndOfConnection(data)) {
      endConnection(connection);
      return;
    }
    if (!(data instanceof Uint8Array)) return;
    const { messages, rest, startup } = frameMessages(connection.unframed, data, connection.startup);
    connection.unframed = rest;
    connection.startup = startup;
    if (messages.length === 0) return;
    queue.push({ connection, messages });
    void run().catch(fail);
  });
}

/** PGlite threw: its state is unknown, so the thread ends and every connection with it (the server answers 503). */
function fail(error: unknown): void {
  const reply: ThreadReply = { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  parent?.postMessage(reply);
  process.exit(1);
}

parent.on('message', (value: unknown) => {
  const request = parseThreadRequest(value);
  if (request?.type === 'connect') accept(request.port);
  else if (request?.type === 'close') {
    void db.close().then(() => {
      const reply: ThreadReply = { type: 'closed' };
      parent.postMessage(reply);
    }, fail);
  }
});

db.waitReady.then(() => {
  const reply: ThreadReply = { type: 'ready' };
  parent.postMessage(reply);
}, fail);
