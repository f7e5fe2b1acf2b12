/** The documents a preview shows (the About content, the Site settings): each one's service and the area that edits it. */
import type { DocumentValues, PreviewDocument } from '../../shared/live-preview';
import type { Area } from '../../shared/roles';
import type { SettingsDocument } from '../db/settings-document';
import type { AboutService } from '../about/about-service';
import type { SiteSettingsService } from '../site-settings/site-settings-service';

export type PreviewedDocuments = { [D in PreviewDocument]: { document: SettingsDocument<DocumentValues[D]>; area: Area } };

/** Who may preview a document is who may edit it: the About content the content area, the Site settings the settings area. */
export function previewDocuments(services: { about: AboutService; siteSettings: SiteSettingsService }): PreviewedDocuments {
  return {
    about: { document: services.about, area: 'content' },
    'site-settings': { document: services.siteSettings, area: 'settings' },
  };
}
