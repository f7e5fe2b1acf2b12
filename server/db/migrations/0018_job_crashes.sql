ALTER TABLE "image_jobs" ADD COLUMN "crashes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "crashes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "follow_up_reminders" ADD COLUMN "crashes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_schedules" ADD COLUMN "crashes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "crashes" integer DEFAULT 0 NOT NULL;