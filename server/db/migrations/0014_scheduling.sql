CREATE TABLE "content_schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"item_id" text NOT NULL,
	"action" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"scheduled_by_id" uuid,
	"scheduled_by_email" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_schedules_item_action_idx" ON "content_schedules" USING btree ("resource","item_id","action");--> statement-breakpoint
CREATE INDEX "content_schedules_run_after_idx" ON "content_schedules" USING btree ("run_after");