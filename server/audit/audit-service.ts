/**
 * The audit log: who did what, when and from which address. Entries are only ever added (the
 * database refuses changes, see migration 0004); the retention purge removes those older than
 * AUDIT_DAYS. `record` takes a transaction so that an entry commits with the change it describes.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditKind, AuditPage } from '../../shared/audit';
import { UUID_PATTERN } from '../../shared/validation';
import { queryRows, type Db } from '../db/client';
import { auditEvents } from '../db/schema';

/** Who did it: an admin (id and email), or null for the system and visitors. */
export interface AuditActor {
  adminId: string | null;
  email: string | null;
}

export interface AuditTarget {
  type: string;
  id?: string | null;
  label?: string | null;
}

export interface AuditEvent {
  kind: AuditKind;
  actor: AuditActor | null;
  ip: string | null;
  target?: AuditTarget;
  details?: Record<string, unknown>;
}

/** Who asks for a change and from where: handed by routes to services that record their own events. */
export interface AuditContext {
  actor: AuditActor | null;
  ip: string | null;
}

export interface AuditFilter {
  /** An admin's id, or an email (any case). */
  person?: string;
  kind?: AuditKind;
  /** From this instant (inclusive) to that one (exclusive). */
  from?: Date;
  to?: Date;
  /** `next` of the previous page. */
  cursor?: string;
  limit: number;
}

/** Thrown for a page cursor that this service did not make. */
export class BadCursorError extends Error {}

const encodeCursor = (at: Date, id: string) => Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const [at, id]: unknown[] = Array.isArray(decoded) ? decoded : [];
    const time = new Date(String(at));
    if (typeof at === 'string' && typeof id === 'string' && UUID_PATTERN.test(id) && !Number.isNaN(time.getTime())) return { at: time, id };
  } catch {
    // falls through to the refusal
  }
  throw new BadCursorError('bad cursor');
}

export class AuditService {
  constructor(
    private readonly db: Db,
    /** AUDIT_DAYS: entries older than this many days are purged. */
    private readonly retentionDays: number,
  ) {}

  /** The time of the entry written last, in ms. */
  private lastAt = 0;

  /**
   * The log is read newest first by time (then id). Two entries of one request often fall in one millisecond
   * (a failed sign-in and the lock it causes); stamped here, each a millisecond after the last if need be,
   * they keep the order they happened in instead of the order of their random ids.
   */
  private nextAt(): Date {
    const now = Date.now();
    this.lastAt = now > this.lastAt ? now : this.lastAt + 1;
    return new Date(this.lastAt);
  }

  /** Adds an entry; inside `tx` it commits (or rolls back) with the change it describes. */
  async record(event: AuditEvent, tx: Db = this.db): Promise<void> {
    await tx.insert(auditEvents).values({
      id: crypto.randomUUID(),
      at: this.nextAt(),
      kind: event.kind,
      actorAdminId: event.actor?.adminId ?? null,
      actorEmail: event.actor?.email?.toLowerCase() ?? null,
      ip: event.ip,
      targetType: event.target?.type ?? null,
      targetId: event.target?.id ?? null,
      targetLabel: event.target?.label ?? null,
      details: event.details ?? {},
    });
  }

  /** A page of entries, newest first, each filter using its own index; `next` is null on the last page. */
  async list(filter: AuditFilter): Promise<AuditPage> {
    const conditions: SQL[] = [];
    const person = filter.person?.trim();
    if (person) {
      conditions.push(
        UUID_PATTERN.test(person) ? eq(auditEvents.actorAdminId, person.toLowerCase()) : eq(auditEvents.actorEmail, person.toLowerCase()),
      );
    }
    if (filter.kind) conditions.push(eq(auditEvents.kind, filter.kind));
    if (filter.from) conditions.push(gte(auditEvents.at, filter.from));
    if (filter.to) conditions.push(lt(auditEvents.at, filter.to));
    if (filter.cursor) {
      const after = decodeCursor(filter.cursor);
      // `at <=` is what the index seeks to; the rest only drops the entries of that same millisecond already shown
      conditions.push(lte(auditEvents.at, after.at), or(lt(auditEvents.at, after.at), lt(auditEvents.id, after.id))!);
    }
    const rows = await this.db
      .select()
      .from(auditEvents)
      .where(and(...conditions))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(filter.limit + 1);
    const page = rows.slice(0, filter.limit);
    const last = page[page.length - 1];
    return {
      entries: page.map(toEntry),
      next: rows.length > filter.limit && last ? encodeCursor(last.at, last.id) : null,
    };
  }

  /**
   * Removes entries older than AUDIT_DAYS; the only deletion the database allows, through the cutoff
   * set for this transaction. Safe with several instances: a second purge finds nothing left to remove.
   */
  async purge(): Promise<number> {
    const cutoff = new Date(Date.now() - this.retentionDays * 86_400_000);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('audit.purge_before', ${cutoff.toISOString()}, true)`);
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`with removed as (delete from ${auditEvents} where ${auditEvents.at} < ${cutoff.toISOString()}::timestamptz returning 1) select count(*)::int as n from removed`,
      );
      return Number(row.n);
    });
  }
}

function toEntry(row: typeof auditEvents.$inferSelect): AuditEntry {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    actor: row.actorAdminId || row.actorEmail ? { adminId: row.actorAdminId, email: row.actorEmail } : null,
    ip: row.ip,
    target: row.targetType ? { type: row.targetType, id: row.targetId, label: row.targetLabel } : null,
    details: row.details,
  };
}
