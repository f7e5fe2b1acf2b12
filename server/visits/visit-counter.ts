/**
 * Public page views counted without cookies (docs/decisions/0037). A view is counted in this process's memory
 * (a few map operations on the page's hot path, no database call, no promise); every 10 s and at stop the
 * counts are added to the database with upserts, so several instances add up. Unique visitors: a hash of
 * address and user agent under a salt of the day, shared by the instances through the database and deleted
 * as soon as the day is over, so a hash cannot be tied to an address afterwards. No cookie, no address kept;
 * Do-Not-Track / Global Privacy Control and bots are not counted.
 */
import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { lt, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import { zoneDate } from '../../shared/site-time';
import type { Db } from '../db/client';
import { visitCounts, visitorHashes, visitSalts } from '../db/schema';
import type { WorkerLog } from '../jobs/job-worker';

/** How long counts wait in memory before they are added to the database. */
const VISIT_FLUSH_MS = 10_000;
/** Longer values are cut: a visitor's query or referrer cannot make rows of any size. */
const MAX_PART = 100;
const MAX_PATH = 200;
/** Rows per INSERT. */
const BATCH = 500;
/** User agents whose bot check is remembered (most requests come from a few browsers). */
const BOT_CACHE_MAX = 1_000;
/** Hashes remembered as already stored today, so a returning visitor is not sent again (beyond this, the database dedupes). */
const SEEN_MAX = 200_000;
const SEP = '\u0000';

interface ViewKey {
  day: string;
  path: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

const cut = (value: string | null | undefined, max = MAX_PART) => (value ?? '').trim().slice(0, max);

/** The views of one day since the last flush, shaped for the page path: short keys, no string built in the common case. */
interface DayCounts {
  /** path → (referrer, utm_source, utm_medium, utm_campaign joined; '' for none) → views */
  views: Map<string, Map<string, number>>;
  /** address → its user agent(s): hashed at the flush and forgotten (held here at most until then) */
  visitors: Map<string, string | Set<string>>;
}

/** The four other parts of a view's key when it has no referrer and no campaign. */
const NO_SOURCE = SEP + SEP + SEP;

export class VisitCounter {
  /** Views since the last flush, by day. */
  private recent = new Map<string, DayCounts>();
  /** `recent`'s entry of `day`, once it exists. */
  private current: DayCounts | null = null;
  /** Views taken from `recent` and not yet stored, as `day, path, referrer, source, medium, campaign` joined by SEP. */
  private views = new Map<string, number>();
  /** `${day}${SEP}${hash}` not yet stored. */
  private visitors = new Set<string>();
  private seen = new Set<string>();
  private readonly bots = new Map<string, boolean>();
  private day = '';
  private dayCheckedAt = 0;
  /** The day's salt once read from the database (the flush reads it before hashing). */
  private salt: { day: string; value: string } | null = null;
  private saltLoading: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly ownHost: string;
  private readonly ownOrigin: string;

  constructor(
    private readonly db: Db,
    private readonly settings: { timeZone: string; publicUrl: string; flushMs?: number; now?: () => number },
    private readonly log?: WorkerLog,
  ) {
    const own = new URL(settings.publicUrl);
    this.ownHost = own.hostname;
    this.ownOrigin = `${own.origin}/`;
  }

  /** Starts the periodic flush (and reads today's salt). */
  start(): void {
    if (this.timer) return;
    void this.loadSalt(this.today());
    this.timer = setInterval(() => void this.flush(), this.settings.flushMs ?? VISIT_FLUSH_MS);
    this.timer.unref();
  }

  /** Stops the timer and adds what is counted to the database. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /**
   * Counts one view of a public page (a 200 or 304 of a page visitors see). Synchronous and allocation-light:
   * it runs for every cached page served. `address` is undefined when the client hung up before its page was
   * sent (Node then knows no remote address): the view counts, but no visitor can be told apart.
   */
  view(headers: IncomingHttpHeaders, address: string | undefined, pathname: string, search: string): void {
    if (headers.dnt === '1' || headers['sec-gpc'] === '1') return;
    const agent = headers['user-agent'];
    if (!agent || this.isBot(agent)) return;
    const day = this.today();
    let referrerHost = '';
    const referrer = headers.referer;
    // a page of the site itself (most views after the first) is no referrer, and needs no URL parsed
    if (referrer && !referrer.startsWith(this.ownOrigin)) {
      try {
        const host = new URL(referrer).hostname;
        if (host !== this.ownHost) referrerHost = cut(host);
      } catch {
        // not a URL: no referrer
      }
    }
    let utmSource = '';
    let utmMedium = '';
    let utmCampaign = '';
    if (search.length > 1 && search.includes('utm_')) {
      const query = new URLSearchParams(search);
      utmSource = cut(query.get('utm_source'));
      utmMedium = cut(query.get('utm_medium'));
      utmCampaign = cut(query.get('utm_campaign'));
    }
    let counts = this.current;
    if (!counts) {
      counts = { views: new Map(), visitors: new Map() };
      this.recent.set(day, counts);
      this.current = counts;
    }
    const path = pathname.length > MAX_PATH ? pathname.slice(0, MAX_PATH) : pathname;
    const source =
      referrerHost || utmSource || utmMedium || utmCampaign ? referrerHost + SEP + utmSource + SEP + utmMedium + SEP + utmCampaign : '';
    let bySource = counts.views.get(path);
    if (!bySource) counts.views.set(path, (bySource = new Map()));
    bySource.set(source, (bySource.get(source) ?? 0) + 1);
    // hashed at the next flush (once per visitor, not per view); until then, at most 10 s, only in this process's memory
    if (address === undefined) return;
    const known = counts.visitors.get(address);
    if (known === undefined) counts.visitors.set(address, agent);
    else if (typeof known === 'string') {
      if (known !== agent) counts.visitors.set(address, new Set([known, agent]));
    } else known.add(agent);
  }

  private isBot(agent: string): boolean {
    let bot = this.bots.get(agent);
    if (bot === undefined) {
      bot = isbot(agent);
      if (this.bots.size >= BOT_CACHE_MAX) this.bots.clear();
      this.bots.set(agent, bot);
    }
    return bot;
  }

  /** The site's date (SITE_TIMEZONE), worked out at most once a second. */
  private today(): string {
    const now = this.settings.now?.() ?? Date.now();
    if (now - this.dayCheckedAt >= 1_000 || now < this.dayCheckedAt) {
      const day = zoneDate(new Date(now), this.settings.timeZone);
      if (day !== this.day) this.current = null;
      this.day = day;
      this.dayCheckedAt = now;
    }
    return this.day;
  }

  /** Reads (or makes) the day's salt, shared by every instance; the salts of days before it are deleted. */
  private loadSalt(day: string): Promise<void> {
    this.saltLoading ??= (async () => {
      try {
        await this.db
          .insert(visitSalts)
          .values({ day, salt: crypto.randomBytes(32).toString('base64url') })
          .onConflictDoNothing();
        const [row] = await this.db
          .select()
          .from(visitSalts)
          .where(sql`${visitSalts.day} = ${day}`);
        await this.db.delete(visitSalts).where(lt(visitSalts.day, day));
        if (row) this.salt = { day, value: row.salt };
      } catch (error) {
        this.log?.warn({ err: error }, 'visits: cannot read the day’s salt');
      } finally {
        this.saltLoading = null;
      }
    })();
    return this.saltLoading;
  }

  /** Adds the counts held in memory to the database; on failure they are kept for the next flush. */
  flush(): Promise<void> {
    // a flush that fails unexpectedly is logged: a rejection here would stop every later flush, and the process
    this.flushing = this.flushing
      .then(() => this.write())
      .catch((error: unknown) => this.log?.error({ err: error }, 'visits: flush failed'));
    return this.flushing;
  }

  private async write(): Promise<void> {
    const day = this.today();
    const recent = this.recent;
    this.recent = new Map();
    this.current = null;
    for (const [viewDay, counts] of recent) {
      for (const [path, bySource] of counts.views) {
        for (const [source, count] of bySource) {
          const key = viewDay + SEP + path + SEP + (source || NO_SOURCE);
          this.views.set(key, (this.views.get(key) ?? 0) + count);
        }
      }
    }
    if (!this.salt) await this.loadSalt(day);
    this.hashVisitors(recent);
    if (this.salt && this.salt.day !== day) {
      // the day is over: its salt goes now (every instance deletes the salts before its day), and its hashes below
      this.salt = null;
      this.seen.clear();
      await this.loadSalt(day);
    }
    const views = this.views;
    const visitors = this.visitors;
    this.views = new Map();
    this.visitors = new Set();
    try {
      const rows = [...views].map(([key, count]) => {
        const [rowDay, path, referrerHost, utmSource, utmMedium, utmCampaign] = key.split(SEP);
        const row: ViewKey & { views: number } = { day: rowDay, path, referrerHost, utmSource, utmMedium, utmCampaign, views: count };
        return row;
      });
      for (let start = 0; start < rows.length; start += BATCH) {
        await this.db
          .insert(visitCounts)
          .values(rows.slice(start, start + BATCH))
          .onConflictDoUpdate({
            target: [
              visitCounts.day,
              visitCounts.path,
              visitCounts.referrerHost,
              visitCounts.utmSource,
              visitCounts.utmMedium,
              visitCounts.utmCampaign,
            ],
            set: { views: sql`${visitCounts.views} + excluded.views` },
          });
        // these are stored: a failure below must not add them twice
        for (const row of rows.slice(start, start + BATCH)) views.delete(this.keyOf(row));
      }
      const hashes = [...visitors].map((entry) => {
        const [hashDay, hash] = entry.split(SEP);
        return { day: hashDay, hash };
      });
      for (let start = 0; start < hashes.length; start += BATCH) {
        await this.db
          .insert(visitorHashes)
          .values(hashes.slice(start, start + BATCH))
          .onConflictDoNothing();
        for (const { day: hashDay, hash } of hashes.slice(start, start + BATCH)) {
          const entry = hashDay + SEP + hash;
          visitors.delete(entry);
          if (hashDay === day && this.seen.size < SEEN_MAX) this.seen.add(entry);
        }
      }
      await rollUpEndedDays(this.db, day);
    } catch (error) {
      // the database is away: what was not stored waits for the next flush
      for (const [key, count] of views) this.views.set(key, (this.views.get(key) ?? 0) + count);
      for (const entry of visitors) this.visitors.add(entry);
      this.log?.warn({ err: error }, 'visits: counts not stored; kept for the next try');
    }
  }

  /** The views' visitors as hashes under their day's salt (a view of a day whose salt this process never read is not told apart). */
  private hashVisitors(recent: Map<string, DayCounts>): void {
    const salt = this.salt;
    const counts = salt ? recent.get(salt.day) : undefined;
    if (!salt || !counts) return;
    for (const [address, agents] of counts.visitors) {
      for (const agent of typeof agents === 'string' ? [agents] : agents) {
        const hash = crypto
          .createHash('sha256')
          .update(salt.value)
          .update(SEP)
          .update(address)
          .update(SEP)
          .update(agent)
          .digest('base64url');
        const visitor = salt.day + SEP + hash.slice(0, 22);
        if (!this.seen.has(visitor)) this.visitors.add(visitor);
      }
    }
  }

  private keyOf(row: ViewKey): string {
    return [row.day, row.path, row.referrerHost, row.utmSource, row.utmMedium, row.utmCampaign].join(SEP);
  }
}

/**
 * Days before `today` are over: their visitor hashes become a count in daily_visitors and are deleted, in one
 * statement (the rows one instance deletes, another's concurrent statement no longer finds: counted once).
 */
async function rollUpEndedDays(db: Db, today: string): Promise<void> {
  await db.execute(sql`
    with ended as (delete from visitor_hashes where day < ${today} returning day)
    insert into daily_visitors (day, visitors)
    select day, count(*)::int from ended group by day
    on conflict (day) do update set visitors = daily_visitors.visitors + excluded.visitors`);
}
