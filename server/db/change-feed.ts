/**
 * Tells every server process sharing one PostgreSQL database that content changed, so each
 * drops its cached lists and pages within a second of a write on any of them.
 *
 * A write publishes `pg_notify(channel, "<n>:<process>:<topic>")` where n comes from the
 * sequence content_change_seq. Every process LISTENs on a connection of its own. A notification
 * can be missed (the listening connection dropped, or a publish failed while the database was
 * away): a process that sees a gap in n, reconnects, or finds the sequence ahead of what it has
 * heard (polled twice a second) treats everything as changed. The embedded database has one
 * process, so its feed carries nothing.
 */
import crypto from 'node:crypto';
import type pg from 'pg';

/** Topic of a change that may have been missed: every cache is stale. */
export const EVERYTHING = '*';

export interface ChangeFeed {
  /** Tells the other processes that `topic` changed; call after the write committed. Never throws. */
  publish(topic: string): void;
  /** `handler` hears topics changed by other processes (or EVERYTHING); starts listening on first use. */
  onRemoteChange(handler: (topic: string) => void): void;
  close(): Promise<void>;
}

/** The feed of a single-process database: there is nobody to tell. */
export const localChangeFeed: ChangeFeed = {
  publish() {},
  onRemoteChange() {},
  async close() {},
};

export interface PostgresFeedOptions {
  /** Runs one query on the shared pool. */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** A new, unconnected client with the pool's settings, for the long-lived LISTEN connection. */
  newClient(): pg.Client;
  /** Schema the tables live in: processes of other schemas (tests) are other sites. */
  schemaName: string;
  /** How often the sequence is read to catch missed notifications. */
  pollMs?: number;
}

const POLL_MS = 500;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

export function createPostgresChangeFeed(options: PostgresFeedOptions): ChangeFeed {
  const channel = options.schemaName === 'public' ? 'site_changes' : `site_changes_${options.schemaName}`;
  const processId = crypto.randomBytes(6).toString('hex');
  const handlers: ((topic: string) => void)[] = [];
  /** Highest change number heard (by notification, publish or poll). */
  let heard = 0;
  /** What the previous poll read, so a change still in flight is not mistaken for a missed one. */
  let previousPoll: number | null = null;
  /** Topics whose publish failed (the database was away): published again on the next tick. */
  const unpublished = new Set<string>();
  let listener: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let reconnectDelay = RECONNECT_MIN_MS;
  let closed = false;
  let started = false;
  let everConnected = false;

  const tell = (topic: string) => {
    for (const handler of handlers) handler(topic);
  };

  const sequenceValue = async (): Promise<number> => {
    const { rows } = await options.query('select last_value, is_called from content_change_seq');
    return rows[0]?.is_called ? Number(rows[0].last_value) : 0;
  };

  const send = async (topic: string): Promise<void> => {
    const { rows } = await options.query(
      `select n, pg_notify($1, n::text || ':' || $2 || ':' || $3) from (select nextval('content_change_seq') as n) as next`,
      [channel, processId, topic],
    );
    heard = Math.max(heard, Number(rows[0]?.n ?? 0));
  };

  const onNotification = (message: pg.Notification) => {
    const [numberText, sender, ...rest] = (message.payload ?? '').split(':');
    const number = Number(numberText);
    if (!Number.isSafeInteger(number) || !sender) return;
    const missed = number > heard + 1 && heard > 0;
    heard = Math.max(heard, number);
    if (missed) tell(EVERYTHING);
    else if (sender !== processId) tell(rest.join(':'));
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const client = options.newClient();
    client.on('notification', onNotification);
    client.on('error', () => dropListener(client));
    client.on('end', () => dropListener(client));
    try {
      await client.connect();
      await client.query(`listen "${channel}"`);
      if (closed) {
        await client.end().catch(() => {});
        return;
      }
      const wasReconnect = everConnected;
      everConnected = true;
      listener = client;
      reconnectDelay = RECONNECT_MIN_MS;
      const now = await sequenceValue();
      // changes made while nobody listened were not heard: everything may be stale
      if (wasReconnect && now > heard) tell(EVERYTHING);
      heard = Math.max(heard, now);
    } catch {
      client.end().catch(() => {});
      scheduleReconnect();
    }
  };

  const dropListener = (client: pg.Client) => {
    if (listener !== client) return;
    listener = null;
    client.end().catch(() => {});
    scheduleReconnect();
  };

  let reconnecting: NodeJS.Timeout | null = null;
  const scheduleReconnect = () => {
    if (closed || reconnecting) return;
    reconnecting = setTimeout(() => {
      reconnecting = null;
      void connect();
    }, reconnectDelay);
    reconnecting.unref();
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
  };

  const tick = async () => {
    try {
      for (const topic of [...unpublished]) {
        await send(topic);
        unpublished.delete(topic);
      }
      if (!listener) return;
      const now = await sequenceValue();
      // ahead for two polls in a row: a notification was lost, not merely still on its way
      if (previousPoll !== null && previousPoll > heard) {
        heard = previousPoll;
        tell(EVERYTHING);
      }
      previousPoll = now;
    } catch {
      // the database is away; the next tick tries again
    }
  };

  const start = () => {
    if (started) return;
    started = true;
    void connect();
    timer = setInterval(() => void tick(), options.pollMs ?? POLL_MS);
    timer.unref();
  };

  return {
    publish(topic) {
      send(topic).catch(() => unpublished.add(topic));
    },
    onRemoteChange(handler) {
      handlers.push(handler);
      start();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      if (reconnecting) clearTimeout(reconnecting);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
