/**
 * What a site backup holds, as the server reports it (GET /api/backup/summary) and the admin's
 * Backups screen and the backup/restore commands show it.
 */
import { z } from './zod';

const backupCountsSchema = z.object({
  /** Content records of every section. */
  records: z.number().int(),
  /** Visitors' contact messages. */
  messages: z.number().int(),
  admins: z.number().int(),
  /** Settings rows (the About content among them). */
  settings: z.number().int(),
  /** Image renditions still to be made. */
  imageJobs: z.number().int(),
  /** Stored image files and their total size. */
  images: z.number().int(),
  imageBytes: z.number().int(),
  /** Entries of the audit log (the Activity screen). */
  auditEvents: z.number().int(),
});

const lastBackupSchema = z.object({
  /** ISO time the archive was completed. */
  takenAt: z.string(),
  via: z.enum(['download', 'command line']),
  counts: backupCountsSchema,
  /** Size of the .tar.gz. */
  archiveBytes: z.number().int(),
});

/** GET /api/backup/summary: what an archive taken now would hold, and the last one taken. */
export const backupSummaryReply = z.object({
  success: z.literal(true),
  data: z.object({ current: backupCountsSchema, lastBackup: lastBackupSchema.nullable() }),
});

export type BackupCounts = z.infer<typeof backupCountsSchema>;
export type LastBackup = z.infer<typeof lastBackupSchema>;
export type BackupSummaryReply = z.infer<typeof backupSummaryReply>;
export type BackupSummary = BackupSummaryReply['data'];

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One line for people: "63 records, 2 messages, 1 admin account, 512 images (12 MB)". */
export function describeCounts(counts: BackupCounts): string {
  return [
    plural(counts.records, 'record', 'records'),
    plural(counts.messages, 'message', 'messages'),
    plural(counts.admins, 'admin account', 'admin accounts'),
    `${plural(counts.images, 'image', 'images')} (${formatBytes(counts.imageBytes)})`,
  ].join(', ');
}

export const backupMessages = {
  busy: 'A backup is being taken already. Please wait until it has finished.',
} as const;
