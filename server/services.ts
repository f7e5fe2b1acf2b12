/** The services one server process holds; route handlers and page loaders both use them. */
import path from 'node:path';
import { ABOUT_TOPIC, AboutService } from './about/about-service';
import { AuditService } from './audit/audit-service';
import { AccountMails } from './mail/account-mails';
import { AuthService } from './auth/auth-service';
import { ContactService } from './contact/contact-service';
import { ContactInbox } from './contact/inbox-service';
import { EVERYTHING } from './db/change-feed';
import type { Database } from './db/client';
import type { Env } from './env';
import type { ResourceDef } from '../shared/resources';
import { SITE_SETTINGS_TOPIC, SiteSettingsService } from './site-settings/site-settings-service';
import { RenditionJobs } from './images/rendition-jobs';
import { MailOutbox } from './mail/mail-outbox';
import { ContentService } from './resources/content-service';
import { ContentVersion } from './resources/content-version';
import type { Logger } from './logger';
import { createS3Storage } from './storage/s3-storage';
import { createLocalStorage, type Storage } from './storage/storage';
import { TrashService } from './trash/trash-service';

export interface Services {
  env: Env;
  database: Database;
  storage: Storage;
  content: ContentService;
  /** The background renditions' job table; the worker (started with the server) empties it. */
  renditionJobs: RenditionJobs;
  contact: ContactService;
  /** The enquiry inbox (admins): list, status, delete, export. */
  inbox: ContactInbox;
  /** Mails to send (account mails, enquiry alerts): queue them in the transaction of what they tell of; the worker (started with the server) sends them. */
  mail: MailOutbox;
  about: AboutService;
  /** The company's details every public page shows (Site settings). */
  siteSettings: SiteSettingsService;
  auth: AuthService;
  /** The audit log (append-only): routes and services record who changed what. */
  audit: AuditService;
  /** Moves on with every content write (pages cached on the server go stale). */
  contentVersion: ContentVersion;
  /** Deleted content and enquiries: list, restore, delete forever, and the TRASH_DAYS purge. */
  trash: TrashService;
}

/**
 * The storage the settings name: the S3 bucket (checked reachable, StorageConfigError if not) or DATA_DIR/uploads.
 * `log` receives the bucket client's warnings (the server's logger); without it they go to the terminal.
 */
export async function openStorage(env: Env, log?: Logger): Promise<Storage> {
  if (!env.s3) return createLocalStorage(path.join(env.dataDir, 'uploads'));
  const storage = createS3Storage(env.s3, log && ((content) => log.warn({ sdk: content.map(String) }, 'S3 client warning')));
  try {
    await storage.checkBucket();
  } catch (error) {
    storage.close();
    throw error;
  }
  return storage;
}

/** `storage` opened beforehand lets a caller check the bucket before opening the database; `extraResources` are served beside the site's own. */
export async function createServices(
  env: Env,
  database: Database,
  storage?: Storage,
  extraResources?: Readonly<Record<string, ResourceDef>>,
): Promise<Services> {
  storage ??= await openStorage(env);
  const contentVersion = new ContentVersion();
  const renditionJobs = new RenditionJobs(database.db);
  const { changes } = database;
  const audit = new AuditService(database.db, env.auditDays);
  const content = new ContentService({
    db: database.db,
    storage,
    tmpDir: path.join(env.dataDir, 'tmp'),
    maxImagePixels: env.maxImagePixels,
    simulateFailures: env.simulateFailures,
    contentVersion,
    changes,
    renditionJobs,
    extraResources,
    audit,
  });
  const mail = new MailOutbox(database.db, env.mail);
  const about = new AboutService(database.db, contentVersion, changes, audit);
  const siteSettings = new SiteSettingsService(database.db, contentVersion, changes, audit);
  // a write in another process sharing the database: drop what this one cached of it
  changes.onRemoteChange((topic) => {
    if (topic === EVERYTHING) {
      content.forgetCached(EVERYTHING);
      about.forgetCached();
      siteSettings.forgetCached();
    } else if (topic === ABOUT_TOPIC) about.forgetCached();
    else if (topic === SITE_SETTINGS_TOPIC) siteSettings.forgetCached();
    else if (content.serves(topic)) content.forgetCached(topic);
  });
  const inbox = new ContactInbox(database.db);
  return {
    env,
    contentVersion,
    database,
    storage,
    renditionJobs,
    content,
    contact: new ContactService(database.db, { outbox: mail, publicUrl: env.publicUrl }),
    inbox,
    trash: new TrashService(content, inbox, audit, env.trashDays),
    mail,
    about,
    siteSettings,
    auth: await AuthService.create(database.db, env, new AccountMails(mail, env.publicUrl)),
    audit,
  };
}
