/**
 * The enquiry pipeline (issue 26, docs/decisions/0040): each enquiry's stage, owner, notes and next
 * follow-up, beside the inbox's status. The request bodies and replies of /api/user/:id/stage, /owner,
 * /follow-up, /notes, /api/user/owners and /api/user/board; the server validates and documents with these.
 */
import { UUID_PATTERN } from './validation';
import { z } from './zod';

/** Every enquiry starts New; Won and Lost close it (Lost with a reason). */
export const STAGES = ['New', 'Contacted', 'Site visit', 'Quoted', 'Won', 'Lost'] as const;
export type Stage = (typeof STAGES)[number];

export const pipelineLimits = { lostReasonMax: 500, noteMax: 5_000, boardPerStage: 50 } as const;

export const pipelineMessages = {
  invalidStage: `Stage must be one of ${STAGES.join(', ')}`,
  lostReasonRequired: 'Say why the enquiry was lost',
  lostReasonTooLong: `The reason must be at most ${pipelineLimits.lostReasonMax} characters`,
  reasonOnlyWhenLost: 'A reason is given only when the enquiry is lost',
  invalidOwner: 'Owner must be the id of an account, or null for nobody',
  ownerNotFound: 'No such account',
  invalidFollowUp: 'Follow-up must be a date (YYYY-MM-DD), or null for none',
  noteRequired: 'Write the note',
  noteTooLong: `A note must be at most ${pipelineLimits.noteMax} characters`,
  invalidOwnerFilter: 'Owner must be the id of an account, or "none"',
  stageChanged: (stage: Stage) => `Moved to ${stage}`,
  ownerChanged: (email: string | null) => (email ? `Assigned to ${email}` : 'Owner removed'),
  followUpChanged: (day: string | null) => (day ? `Follow-up set for ${day}` : 'Follow-up cleared'),
  noteAdded: 'Note added',
  notYourEnquiry:
    'This enquiry is assigned to another account. Without the “Enquiries” permission you may open only the enquiries assigned to you.',
  ownEnquiriesOnly: 'Without the “Enquiries” permission you see only the enquiries assigned to you.',
} as const;

const m = pipelineMessages;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists ("2026-02-30" does not). */
const isDay = (text: string) => {
  if (!DAY_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

export const stageBody = z
  .object({
    stage: z.enum(STAGES, { error: m.invalidStage }),
    lostReason: z
      .string({ error: m.lostReasonRequired })
      .trim()
      .max(pipelineLimits.lostReasonMax, m.lostReasonTooLong)
      .optional()
      .meta({ description: 'Why it was lost: required with `Lost`, refused with any other stage' }),
  })
  .superRefine((body, context) => {
    if (body.stage === 'Lost' && !body.lostReason)
      context.addIssue({ code: 'custom', message: m.lostReasonRequired, path: ['lostReason'] });
    if (body.stage !== 'Lost' && body.lostReason) context.addIssue({ code: 'custom', message: m.reasonOnlyWhenLost, path: ['lostReason'] });
  });
export type StageChange = z.infer<typeof stageBody>;

export const ownerBody = z.object({
  ownerId: z
    .string({ error: m.invalidOwner })
    .regex(UUID_PATTERN, m.invalidOwner)
    .nullable()
    .meta({ description: 'An account with the enquiries area; null: nobody' }),
});

export const followUpBody = z.object({
  followUpOn: z
    .string({ error: m.invalidFollowUp })
    .refine(isDay, m.invalidFollowUp)
    .nullable()
    .meta({ description: 'The next follow-up, a day in SITE_TIMEZONE (YYYY-MM-DD); null: none' }),
});

export const noteBody = z.object({
  text: z.string({ error: m.noteRequired }).trim().min(1, m.noteRequired).max(pipelineLimits.noteMax, m.noteTooLong),
});

/** The list's and the board's filters beside the inbox's: a stage, and an owner's id or `none` (nobody). */
export const pipelineFilters = {
  stage: z.enum(STAGES, { error: m.invalidStage }).optional(),
  owner: z
    .string({ error: m.invalidOwnerFilter })
    .refine((text) => text === 'none' || UUID_PATTERN.test(text), m.invalidOwnerFilter)
    .optional()
    .meta({ description: 'An owner’s account id, or `none` for enquiries nobody owns' }),
};

/** An enquiry's place in the pipeline, as every inbox reply adds it to the message. */
export const pipelineFields = {
  stage: z.enum(STAGES),
  lostReason: z.string().nullable(),
  owner: z.object({ _id: z.string(), email: z.string() }).nullable().meta({ description: 'The staff account following it up' }),
  followUpOn: z.string().nullable().meta({ description: 'The next follow-up, a day in SITE_TIMEZONE' }),
};

const noteSchema = z.object({
  _id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** Who wrote it; the e-mail is kept after the account is removed. */
  author: z.object({ _id: z.string().nullable(), email: z.string() }),
});
export type EnquiryNote = z.infer<typeof noteSchema>;

export const notesReply = z.object({ success: z.literal(true), data: z.array(noteSchema) });
export const noteReply = z.object({ success: z.literal(true), message: z.string(), data: noteSchema });
export type NotesReply = z.infer<typeof notesReply>;
export type NoteReply = z.infer<typeof noteReply>;

const ownerSchema = z.object({ _id: z.string(), email: z.string() });
export type EnquiryOwner = z.infer<typeof ownerSchema>;
export const ownersReply = z.object({ success: z.literal(true), data: z.array(ownerSchema) });
export type OwnersReply = z.infer<typeof ownersReply>;
