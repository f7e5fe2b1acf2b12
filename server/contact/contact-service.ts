/** Visitors' messages: stored as sent (trimmed); admins read them through the inbox (inbox-service.ts). */
import crypto from 'node:crypto';
import { contactSchema, contactServerMessages, type ContactInput, type ContactReply } from '../../shared/contact';
import { collectErrors } from '../../shared/validation';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';
import { queueEnquiryAlert } from '../mail/enquiry-alert';
import type { MailOutbox } from '../mail/mail-outbox';

export class ContactService {
  /** `alerts`: where a new message's e-mail alert is queued (with the message, in one transaction). */
  constructor(
    private readonly db: Db,
    private readonly alerts?: { outbox: MailOutbox; publicUrl: string },
  ) {}

  /** Validates and stores a message; the reply is the public spec's `{ success, errors, message }`. */
  async submit(body: unknown): Promise<{ status: number; reply: ContactReply }> {
    const result = contactSchema.safeParse(body && typeof body === 'object' ? body : {});
    if (!result.success) {
      const { errors } = collectErrors(result.error);
      return { status: 400, reply: { success: false, errors, message: contactServerMessages.validationFailed } };
    }
    return { status: 201, reply: await this.store(result.data) };
  }

  /** Stores a message already checked against contactSchema (the API route's body). */
  async store(input: ContactInput): Promise<ContactReply & { success: true }> {
    const { alerts } = this;
    const alerted = await this.db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(contactMessages)
        .values({ id: crypto.randomUUID(), ...input })
        .returning();
      return alerts ? queueEnquiryAlert(alerts.outbox, tx, stored, alerts.publicUrl) : false;
    });
    if (alerted) alerts?.outbox.notifyQueued();
    return { success: true, errors: [], message: contactServerMessages.sent };
  }
}
