/** Visitors' messages: stored as sent (trimmed), read by admins newest first. */
import crypto from 'node:crypto';
import { desc } from 'drizzle-orm';
import { contactSchema, contactServerMessages, type ContactReply } from '../../shared/contact';
import type { ContactMessage } from '../../shared/resources';
import { collectErrors } from '../../shared/validation';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';

export class ContactService {
  constructor(private readonly db: Db) {}

  /** Validates and stores a message; the reply is the public spec's `{ success, errors, message }`. */
  async submit(body: unknown): Promise<{ status: number; reply: ContactReply }> {
    const result = contactSchema.safeParse(body && typeof body === 'object' ? body : {});
    if (!result.success) {
      const { errors } = collectErrors(result.error);
      return { status: 400, reply: { success: false, errors, message: contactServerMessages.validationFailed } };
    }
    await this.db.insert(contactMessages).values({ id: crypto.randomUUID(), ...result.data });
    return { status: 201, reply: { success: true, errors: [], message: contactServerMessages.sent } };
  }

  async list(): Promise<ContactMessage[]> {
    const rows = await this.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
    return rows.map(({ id, createdAt, ...rest }) => ({ _id: id, ...rest, createdAt: createdAt.toISOString() }));
  }
}
