/** Visitors' messages: stored as sent (trimmed); admins read them through the inbox (inbox-service.ts). */
import crypto from 'node:crypto';
import { contactSchema, contactServerMessages, type ContactInput, type ContactReply } from '../../shared/contact';
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
    return { status: 201, reply: await this.store(result.data) };
  }

  /** Stores a message already checked against contactSchema (the API route's body). */
  async store(input: ContactInput): Promise<ContactReply & { success: true }> {
    await this.db.insert(contactMessages).values({ id: crypto.randomUUID(), ...input });
    return { success: true, errors: [], message: contactServerMessages.sent };
  }
}
