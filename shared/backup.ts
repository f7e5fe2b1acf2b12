/**
 * What a site backup holds, as the server reports it (GET /api/backup/summary) and the admin's
 * Backups screen and the backup/restore commands show it.
 */

export interface BackupCounts {
  /** Content records of every section. */
  records: number;
  /** Visitors' contact messages. */
  messages: number;
  admins: number;
  /** Settings rows (the About content among them). */
  settings: number;
  /** Image renditions still to be made. */
  imageJobs: number;
  /** Stored image files and their total size. */
  images: number;
  imageBytes: number;
  /** Entries of the audit log (the Activity screen). */
  auditEvents: number;
}

export interface LastBackup {
  /** ISO time the archive was completed. */
  takenAt: string;
  via: 'download' | 'command line';
  counts: BackupCounts;
  /** Size of the .tar.gz. */
  archiveBytes: number;
}

export interface BackupSummary {
  /** What an archive taken now would hold. */
  current: BackupCounts;
  lastBackup: LastBackup | null;
}

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
