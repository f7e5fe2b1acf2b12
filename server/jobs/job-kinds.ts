/** Every kind of background job: a new kind is its own *.job.ts file (see job-kind.ts) and one line here. */
import { followUpReminderJob } from '../contact/follow-up-reminder.job';
import { renditionJobKind } from '../images/rendition-worker';
import { mailJobKind } from '../mail/mail-worker';
import { webhookDeliveryJob } from '../webhooks/webhook-delivery.job';
import { contentScheduleJob } from '../schedules/content-schedule.job';
import type { JobKind } from './job-kind';

export const JOB_KINDS: readonly JobKind[] = [renditionJobKind, mailJobKind, webhookDeliveryJob, followUpReminderJob, contentScheduleJob];
