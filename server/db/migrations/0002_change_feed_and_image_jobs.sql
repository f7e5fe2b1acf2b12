CREATE SEQUENCE "content_change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "image_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"image_url" text NOT NULL,
	"source" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_jobs_image_url_unique" UNIQUE("image_url")
);
--> statement-breakpoint
CREATE INDEX "image_jobs_run_after_idx" ON "image_jobs" USING btree ("run_after");