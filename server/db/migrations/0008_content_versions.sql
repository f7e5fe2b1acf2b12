CREATE TABLE "content_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"item_id" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"event" text NOT NULL,
	"restored_from" integer,
	"author_id" uuid,
	"author_name" text,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_item_number_idx" ON "content_versions" USING btree ("resource","item_id","number");