/**
 * The trash of every content resource, of the media library and of the enquiry inbox: one list, restore, delete forever,
 * and the daily purge of items trashed more than TRASH_DAYS ago. Content items need the 'content'
 * permission, enquiries the 'enquiries' one (like the screens they came from).
 */
import { apiMessages } from '../../shared/api-messages';
import { UUID_PATTERN } from '../../shared/validation';
import type { AuditContext, AuditService } from '../audit/audit-service';
import type { ContactInbox } from '../contact/inbox-service';
import { assertPermission } from '../auth/require-admin';
import type { AuthenticatedAdmin } from '../auth/sessions';
import { ClientError } from '../errors';
import type { TrashItem } from '../../shared/trash';
import type { Content } from '../resources/content';
import { MEDIA_NOUN, MEDIA_TRASH_RESOURCE, type MediaLibrary } from '../media/media-library';

/** The trash's name for the enquiries (content resources go by their own keys). */
const ENQUIRIES = 'enquiries';
const ENQUIRY_NOUN = 'Enquiry';

/** An enquiry as the target of an audit entry: who sent it (the same as the inbox's entries). */
const enquiryTarget = (message: { _id: string; name: string; email: string }) => ({
  type: 'enquiry',
  id: message._id,
  label: `${message.name} <${message.email}>`,
});

export class TrashService {
  constructor(
    private readonly content: Content,
    private readonly media: MediaLibrary,
    private readonly inbox: ContactInbox,
    private readonly audit: AuditService,
    /** TRASH_DAYS: items trashed longer ago than this are deleted forever by the purge. */
    readonly retentionDays: number,
  ) {}

  /** Everything in the trash the account's permissions let it see, newest deletion first. */
  async list(admin: AuthenticatedAdmin): Promise<TrashItem[]> {
    const items = admin.permissions.includes('content')
      ? [...(await this.content.lifecycle.trashed()), ...(await this.media.trashed())]
      : [];
    if (admin.permissions.includes('enquiries')) {
      for (const message of await this.inbox.trashed()) {
        items.push({
          resource: ENQUIRIES,
          noun: ENQUIRY_NOUN,
          id: message._id,
          label: message.name,
          deletedAt: message.deletedAt,
          thumbnail: null,
        });
      }
    }
    return items.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || b.id.localeCompare(a.id));
  }

  /** Brings an item back as it was; its noun for the reply. */
  async restore(resource: string, id: string, admin: AuthenticatedAdmin, by: AuditContext): Promise<string> {
    if (this.isEnquiry(resource, id, admin)) {
      const message = await this.inbox.restore(id);
      if (!message) throw new ClientError(404, apiMessages.notInTrash(ENQUIRY_NOUN));
      await this.audit.record({ kind: 'enquiry.restored', ...by, target: enquiryTarget(message) });
      return ENQUIRY_NOUN;
    }
    if (resource === MEDIA_TRASH_RESOURCE) {
      assertPermission(admin, 'content');
      await this.media.restore(id, by);
      return MEDIA_NOUN;
    }
    const noun = this.nounOf(resource);
    assertPermission(admin, 'content');
    await this.content.lifecycle.restore(resource, id, by);
    return noun;
  }

  /** Deletes an item in the trash for good (a content item's image files too); its noun for the reply. */
  async deleteForever(resource: string, id: string, admin: AuthenticatedAdmin, by: AuditContext): Promise<string> {
    if (this.isEnquiry(resource, id, admin)) {
      const message = await this.inbox.deleteForever(id);
      if (!message) throw new ClientError(404, apiMessages.notInTrash(ENQUIRY_NOUN));
      await this.audit.record({ kind: 'enquiry.deleted-forever', ...by, target: enquiryTarget(message) });
      return ENQUIRY_NOUN;
    }
    if (resource === MEDIA_TRASH_RESOURCE) {
      assertPermission(admin, 'content');
      await this.media.deleteForever(id, by);
      return MEDIA_NOUN;
    }
    const noun = this.nounOf(resource);
    assertPermission(admin, 'content');
    await this.content.lifecycle.deleteForever(resource, id, by);
    return noun;
  }

  /** Deletes forever what was trashed before `now` minus TRASH_DAYS; how many items went. `now` is a test's clock. */
  async purge(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.retentionDays * 86_400_000);
    let removed = (await this.content.lifecycle.purgeTrash(cutoff)) + (await this.media.purgeTrash(cutoff));
    for (const id of await this.inbox.trashedBefore(cutoff)) {
      const message = await this.inbox.deleteForever(id);
      if (!message) continue;
      await this.audit.record({
        kind: 'enquiry.deleted-forever',
        actor: null,
        ip: null,
        target: enquiryTarget(message),
        details: { reason: 'purge' },
      });
      removed += 1;
    }
    return removed;
  }

  /** An enquiry: only an account with 'enquiries' may touch it (403 for others); checks the id's form. */
  private isEnquiry(resource: string, id: string, admin: AuthenticatedAdmin): boolean {
    if (resource !== ENQUIRIES) return false;
    assertPermission(admin, 'enquiries');
    if (!UUID_PATTERN.test(id)) throw new ClientError(400, apiMessages.invalidId);
    return true;
  }

  private nounOf(resource: string): string {
    const def = this.content.resources.definitions().find(([key]) => key === resource)?.[1];
    if (!def) throw new ClientError(404, apiMessages.unknownTrashResource);
    return def.noun;
  }
}
