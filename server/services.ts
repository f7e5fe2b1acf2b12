/** The services one server process holds; route handlers and page loaders both use them. */
import path from 'node:path';
import { AboutService } from './about/about-service';
import { AuthService } from './auth/auth-service';
import { ContactService } from './contact/contact-service';
import type { Database } from './db/client';
import type { Env } from './env';
import { ContentService } from './resources/content-service';
import { ContentVersion } from './resources/content-version';
import { createLocalStorage, type Storage } from './storage/storage';

export interface Services {
  env: Env;
  database: Database;
  storage: Storage;
  content: ContentService;
  contact: ContactService;
  about: AboutService;
  auth: AuthService;
  /** Moves on with every content write (pages cached on the server go stale). */
  contentVersion: ContentVersion;
}

export async function createServices(env: Env, database: Database): Promise<Services> {
  const storage = createLocalStorage(path.join(env.dataDir, 'uploads'));
  const contentVersion = new ContentVersion();
  return {
    env,
    contentVersion,
    database,
    storage,
    content: new ContentService({
      db: database.db,
      storage,
      tmpDir: path.join(env.dataDir, 'tmp'),
      maxImagePixels: env.maxImagePixels,
      simulateFailures: env.simulateFailures,
      contentVersion,
    }),
    contact: new ContactService(database.db),
    about: new AboutService(database.db, contentVersion),
    auth: await AuthService.create(database.db, env),
  };
}
