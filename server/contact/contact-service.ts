/** Visitors' messages: stored as sent (trimmed) with where they came from; admins read them through the inbox (inbox-service.ts). */
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { contactRequestSchema, contactServerMessages, type ContactReply, type ContactRequest } from '../../shared/contact';
import { enquirySourceMessages } from '../../shared/enquiry-source';
import { projectEnquirySchema, type ProjectEnquiryInput } from '../../shared/project-enquiry';
import { collectErrors } from '../../shared/validation';
import type { Db } from '../db/client';
import { resourceTables } from '../db/resource-tables';
import { contactMessages } from '../db/schema';
import { ClientError } from '../errors';
import { queueEnquiryAlert, type AlertPlace } from '../mail/enquiry-alert';
import type { MailOutbox } from '../mail/mail-outbox';
import type { WebhookService } from '../webhooks/webhook-service';

/** What an enquiry stores: the contact form's fields (or the project form's: no e-mail, a call or visit and its time) and where it came from. */
export type EnquiryInput = ContactRequest | (Omit<ProjectEnquiryInput, 'message'> & { email: ''; message: string });

export class ContactService {
  /** `alerts`: where a new message's e-mail alert is queued (with the message, in one transaction). */
  constructor(
    private readonly db: Db,
    private readonly alerts?: { outbox: MailOutbox } & AlertPlace,
    private readonly webhooks?: WebhookService,
  ) {}

  /** Validates and stores a message; the reply is the public spec's `{ success, errors, message }`. */
  async submit(body: unknown): Promise<{ status: number; reply: ContactReply }> {
    const result = contactRequestSchema.safeParse(body && typeof body === 'object' ? body : {});
    if (!result.success) {
      const { errors } = collectErrors(result.error);
      return { status: 400, reply: { success: false, errors, message: contactServerMessages.validationFailed } };
    }
    return this.storeChecked(result.data);
  }

  /** Validates and stores a project form's enquiry (issue 26): the contact form's rules, a project that visitors can see. */
  async submitProjectEnquiry(body: unknown): Promise<{ status: number; reply: ContactReply }> {
    const result = projectEnquirySchema.safeParse(body && typeof body === 'object' ? body : {});
    if (!result.success) {
      const { errors } = collectErrors(result.error);
      return { status: 400, reply: { success: false, errors, message: contactServerMessages.validationFailed } };
    }
    return this.storeChecked({ ...result.data, email: '' });
  }

  /** Stores a checked enquiry; an unknown project is the sender's mistake, answered like any other. */
  async storeChecked(input: EnquiryInput): Promise<{ status: number; reply: ContactReply }> {
    try {
      return { status: 201, reply: await this.store(input) };
    } catch (error) {
      if (!(error instanceof ClientError)) throw error;
      return {
        status: error.statusCode,
        reply: { success: false, errors: error.errors ?? [error.message], message: contactServerMessages.validationFailed },
      };
    }
  }

  /**
   * Stores a message already checked against contactRequestSchema (the API route's body), with the title of the
   * project it names (a 400 when there is no such project on the site).
   */
  async store(input: EnquiryInput): Promise<ContactReply & { success: true }> {
    const { alerts, webhooks } = this;
    const { projectId, ...rest } = input;
    const projectTitle = projectId ? await this.projectTitle(projectId) : undefined;
    const { alerted, hooked } = await this.db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(contactMessages)
        .values({ id: crypto.randomUUID(), ...rest, projectId, projectTitle })
        .returning();
      const { id, name, email, number, message, createdAt } = stored;
      const enquiry = { id, name, email, number, message, createdAt: createdAt.toISOString() };
      return {
        alerted: alerts ? await queueEnquiryAlert(alerts.outbox, tx, stored, alerts) : false,
        hooked: webhooks ? (await webhooks.emit(tx, 'enquiry.created', { enquiry })) > 0 : false,
      };
    });
    if (alerted) alerts?.outbox.notifyAdded();
    if (hooked) webhooks?.notifyQueued();
    return { success: true, errors: [], message: contactServerMessages.sent };
  }

  /** The title of a project visitors can see; a 400 naming the problem when there is none. */
  async projectTitle(id: string): Promise<string> {
    const project = resourceTables.project;
    const [found] = await this.db
      .select({ title: project.title })
      .from(project)
      .where(and(eq(project.id, id), isNull(project.deletedAt), eq(project.hidden, false), eq(project.published, true)))
      .limit(1);
    if (!found) throw new ClientError(400, enquirySourceMessages.projectNotFound, [enquirySourceMessages.projectNotFound]);
    return found.title;
  }
}
