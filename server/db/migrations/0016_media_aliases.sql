CREATE TABLE "media_aliases" (
	"url" text PRIMARY KEY NOT NULL,
	"media_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_aliases" ADD CONSTRAINT "media_aliases_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_aliases_media_id_idx" ON "media_aliases" USING btree ("media_id");