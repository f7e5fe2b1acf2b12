/** The services one server process holds; route handlers and page loaders both use them. */
import path from 'node:path';
import { ABOUT_DOCUMENT, ABOUT_TOPIC, type AboutService } from './about/about-service';
import { AuditService } from './audit/audit-service';
import { AccountMails } from './mail/account-mails';
import { createAuth, type Auth } from './auth/auth';
import { PasswordResets } from './auth/password-reset';
import { ContactService } from './contact/contact-service';
import { ContactInbox } from './contact/inbox-service';
import { followUpReminderJob } from './contact/follow-up-reminder.job';
import { PipelineService } from './contact/pipeline-service';
import { EVERYTHING } from './db/change-feed';
import { SettingsDocument } from './db/settings-document';
import type { Database } from './db/client';
import type { Env } from './env';
import type { ResourceDef } from '../shared/resources';
import { SITE_SETTINGS_DOCUMENT, SITE_SETTINGS_TOPIC, type SiteSettingsService } from './site-settings/site-settings-service';
import { RenditionJobs } from './images/rendition-jobs';
import { MailOutbox } from './mail/mail-outbox';
import { createContent, type Content } from './resources/content';
import { ContentVersion } from './resources/content-version';
import type { Logger } from './logger';
import { createS3Storage } from './storage/s3-storage';
import { createLocalStorage, type Storage } from './storage/storage';
import { TrashService } from './trash/trash-service';
import { ContentHistory } from './history/content-history';
import { PreviewLinks } from './resources/preview-links';
import { previewDocuments } from './resources/document-previews';
import { loadSigningSecret } from './auth/tokens';
import { snapshotImageUrls } from '../shared/version-snapshots';
import { webhookDeliveryJob } from './webhooks/webhook-delivery.job';
import { WebhookService } from './webhooks/webhook-service';
import { VisitCounter } from './visits/visit-counter';
import { ContentSchedules } from './schedules/content-schedules';
import { MEDIA_TOPIC } from './media/media-index';
import { MediaLibrary } from './media/media-library';

export interface Services {
  env: Env;
  database: Database;
  storage: Storage;
  content: Content;
  /** The background renditions' job table; the worker (started with the server) empties it. */
  renditionJobs: RenditionJobs;
  contact: ContactService;
  /** The enquiry inbox (admins): list, status, delete, export. */
  inbox: ContactInbox;
  /** The enquiry pipeline: stage, owner, follow-up, notes, the board and the morning reminders (docs/decisions/0040). */
  pipeline: PipelineService;
  /** Mails to send (account mails, enquiry alerts): queue them in the transaction of what they tell of; the worker (started with the server) sends them. */
  mail: MailOutbox;
  about: AboutService;
  /** The company's details every public page shows (Site settings). */
  siteSettings: SiteSettingsService;
  auth: Auth;
  /** Reset links by e-mail for a forgotten password (when SMTP_URL is set). */
  passwordResets: PasswordResets;
  /** The audit log (append-only): routes and services record who changed what. */
  audit: AuditService;
  /** Moves on with every content write (pages cached on the server go stale). */
  contentVersion: ContentVersion;
  /** The media library: every stored image once, its uses, uploads and Trash (docs/decisions/0048). */
  media: MediaLibrary;
  /** Deleted content, library images and enquiries: list, restore, delete forever, and the TRASH_DAYS purge. */
  trash: TrashService;
  /** The versions of content items, About and Site settings (REVISIONS_KEEP per item). */
  history: ContentHistory;
  /** Shareable, signed preview links of drafts (preview-links.ts). */
  previewLinks: PreviewLinks;
  /** Scheduled publishing of content items, the About content and the Site settings (docs/decisions/0042). */
  schedules: ContentSchedules;
  /** Webhooks: the hooks, and the events fired in the transaction of a change (`emit`), delivered by the job queue. */
  webhooks: WebhookService;
  /** Public page views counted in memory and added to the database every 10 s (start/stop with the server); null with ANALYTICS=false. */
  visits: VisitCounter | null;
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
  const history = new ContentHistory(database.db, env.revisionsKeep);
  // read only once the documents exist (a reader asks after the services are made)
  const documentImageUrls = async () => [...snapshotImageUrls(await about.get()), ...snapshotImageUrls(await siteSettings.get())];
  const webhooks = new WebhookService(database.db, { allowPrivate: env.webhooksAllowPrivate, publicUrl: env.publicUrl }, audit);
  const content = createContent({
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
    history,
    documentImageUrls,
    webhooks,
  });
  const mail = new MailOutbox(database.db, env.mail);
  const forgetWithheld = () => content.reads.forgetWithheld();
  const documents = { db: database.db, contentVersion, changes, history, audit, afterSave: forgetWithheld, webhooks };
  const about = new SettingsDocument(ABOUT_DOCUMENT, documents);
  const siteSettings = new SettingsDocument(SITE_SETTINGS_DOCUMENT, documents);
  // a write in another process sharing the database: drop what this one cached of it
  changes.onRemoteChange((topic) => {
    if (topic === EVERYTHING) {
      content.reads.forgetCached(EVERYTHING);
      about.forgetCached();
      siteSettings.forgetCached();
    } else if (topic === ABOUT_TOPIC) {
      about.forgetCached();
      forgetWithheld();
    } else if (topic === SITE_SETTINGS_TOPIC) {
      siteSettings.forgetCached();
      forgetWithheld();
    } else if (topic === MEDIA_TOPIC) {
      // a library entry's alt text or focal point: every list and page may show it
      content.reads.forgetCached(EVERYTHING);
    } else if (content.resources.serves(topic)) content.reads.forgetCached(topic);
  });
  const inbox = new ContactInbox(database.db);
  const pipeline = new PipelineService(database.db, audit, webhooks, mail, { publicUrl: env.publicUrl, timeZone: env.siteTimeZone });
  const accountMails = new AccountMails(mail, env.publicUrl, env.siteTimeZone);
  const auth = await createAuth(database.db, env, accountMails);
  const media = new MediaLibrary({
    db: database.db,
    storage,
    content,
    renditionJobs,
    contentVersion,
    documents: { about, siteSettings },
    audit,
  });
  const services: Services = {
    env,
    contentVersion,
    database,
    storage,
    renditionJobs,
    content,
    contact: new ContactService(database.db, { outbox: mail, publicUrl: env.publicUrl, timeZone: env.siteTimeZone }, webhooks),
    inbox,
    pipeline,
    media,
    trash: new TrashService(content, media, inbox, audit, env.trashDays),
    mail,
    about,
    siteSettings,
    auth,
    passwordResets: new PasswordResets(database.db, auth.accounts, mail, accountMails, audit, env.loginRateWindowMs),
    audit,
    history,
    previewLinks: new PreviewLinks({
      db: database.db,
      secret: await loadSigningSecret(database.db),
      resources: content.resources,
      history,
      documents: previewDocuments({ about, siteSettings }),
    }),
    schedules: new ContentSchedules({
      db: database.db,
      content,
      history,
      documents: [about, siteSettings],
      audit,
      timeZone: env.siteTimeZone,
    }),
    webhooks,
    visits: env.analytics ? new VisitCounter(database.db, { timeZone: env.siteTimeZone, publicUrl: env.publicUrl }) : null,
  };
  // the deliveries this process queues wake its own worker at once
  webhooks.onQueued(() => webhookDeliveryJob.queue(services).notifyAdded());
  pipeline.onRemindersAdded(() => followUpReminderJob.queue(services).notifyAdded());
  return services;
}
