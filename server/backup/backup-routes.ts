/**
 * /api/backup (admin): streams the whole site as a .tar.gz while it keeps serving, one backup at a
 * time per process; /api/backup/summary: what an archive taken now would hold, and the last one.
 */
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupMessages, type BackupCounts, type BackupSummary, type LastBackup } from '../../shared/backup';
import { auditContext } from '../audit/audit-context';
import { requirePermission, requireStepUp } from '../auth/require-admin';
import { queryRows } from '../db/client';
import { settings } from '../db/schema';
import { ClientError, loggableError } from '../errors';
import type { Services } from '../services';
import { ARCHIVE_TABLES, archiveFileName, isCounted, LAST_BACKUP_KEY, LEFT_OUT_SETTINGS } from './archive-format';
import { backupSchemas } from './backup-schemas';
import { prepareBackup, recordLastBackup } from './write-archive';
import { asError, propertyOf } from '../../shared/narrow';
import { sendAsIs } from '../api/route-schemas';

export const backupRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const guard = requirePermission(services.auth, 'accounts');
  // the download also needs the password (and code) confirmed minutes ago, sent in a header a plain link cannot carry
  const guardWithStepUp = [guard, requireStepUp(services.auth)];
  const { db, kind } = services.database;
  let running = false;

  app.get('/api/backup/summary', { ...backupSchemas.summary, onRequest: guard }, async () => ({
    success: true as const,
    data: await backupSummary(services),
  }));

  // an archive of images is already compressed: the compression plugin leaves it alone
  app.get('/api/backup', { ...backupSchemas.download, onRequest: guardWithStepUp, compress: false }, async (request, reply) => {
    if (running) throw new ClientError(409, backupMessages.busy);
    running = true;
    let prepared;
    try {
      // before the snapshot, so the archive holds the entry of its own download
      await services.audit.record({ kind: 'backup.downloaded', ...auditContext(request) });
      prepared = await prepareBackup({ db, kind, storage: services.storage });
    } catch (error) {
      running = false;
      throw error;
    }
    const body = new PassThrough();
    prepared
      .writeTo(body)
      .then(async (result) => {
        await recordLastBackup(db, result, 'download');
        request.log.info({ images: result.manifest.counts.images, bytes: result.archiveBytes }, 'backup downloaded');
      })
      .catch((error: unknown) => {
        // the status line is sent: a failure can only cut the download short, which the reader detects
        request.log.warn({ err: loggableError(error) }, 'backup download ended early');
        body.destroy(asError(error));
      })
      .finally(() => {
        running = false;
      });
    return sendAsIs(
      reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${archiveFileName(prepared.startedAt)}"`),
      body,
    );
  });
};

async function backupSummary(services: Services): Promise<BackupSummary> {
  const { db } = services.database;
  const current: BackupCounts = { records: 0, messages: 0, admins: 0, settings: 0, imageJobs: 0, images: 0, imageBytes: 0, auditEvents: 0 };
  for (const table of ARCHIVE_TABLES.filter(isCounted)) {
    const leftOut =
      table.name === 'settings'
        ? sql` where not (key in (${sql.join(
            LEFT_OUT_SETTINGS.map((key) => sql`${key}`),
            sql`, `,
          )}))`
        : sql``;
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table.name)}${leftOut}`);
    current[table.group] += Number(row.n);
  }
  for (const file of await services.storage.list()) {
    current.images += 1;
    current.imageBytes += file.size;
  }
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, LAST_BACKUP_KEY)).limit(1);
  return { current, lastBackup: isLastBackup(row?.value) ? row.value : null };
}

function isLastBackup(value: unknown): value is LastBackup {
  return (
    typeof propertyOf(value, 'takenAt') === 'string' &&
    typeof propertyOf(value, 'archiveBytes') === 'number' &&
    typeof propertyOf(propertyOf(value, 'counts'), 'records') === 'number'
  );
}
