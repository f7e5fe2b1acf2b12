ALTER TABLE "banner_about" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banner_about" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "banner_about" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "banner_about" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banner_about" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "banner_about" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_about" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_about" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_about" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_about" ADD COLUMN "image_details" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "experience" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "experience" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "experience" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experience" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "experience" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "experience" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gallery" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "interior_banner" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interior_banner" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interior_banner" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "interior_banner" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "interior_banner" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "interior_banner" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "interior_portfolio" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interior_portfolio" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interior_portfolio" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "interior_portfolio" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "interior_portfolio" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "interior_portfolio" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "image_details" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "solution" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "solution" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "solution" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "solution" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "solution" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "solution" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "top_projects" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "top_projects" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "top_projects" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "top_projects" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "top_projects" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "top_projects" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
CREATE INDEX "banner_about_order_idx" ON "banner_about" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "banner_about"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "banner_about_deleted_at_idx" ON "banner_about" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "banners_order_idx" ON "banners" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "banners"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "banners_deleted_at_idx" ON "banners" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "clients_order_idx" ON "clients" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_deleted_at_idx" ON "clients" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "community_about_order_idx" ON "community_about" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_about"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_about_deleted_at_idx" ON "community_about" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "contact_messages_deleted_at_idx" ON "contact_messages" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "experience_order_idx" ON "experience" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "experience"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "experience_deleted_at_idx" ON "experience" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "gallery_order_idx" ON "gallery" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "gallery"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "gallery_deleted_at_idx" ON "gallery" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "interior_banner_order_idx" ON "interior_banner" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "interior_banner"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "interior_banner_deleted_at_idx" ON "interior_banner" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "interior_portfolio_order_idx" ON "interior_portfolio" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "interior_portfolio"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "interior_portfolio_deleted_at_idx" ON "interior_portfolio" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "project_order_idx" ON "project" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "project"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "project_deleted_at_idx" ON "project" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "property_order_idx" ON "property" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "property"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "property_deleted_at_idx" ON "property" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "solution_order_idx" ON "solution" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "solution"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "solution_deleted_at_idx" ON "solution" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "team_members_order_idx" ON "team_members" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "team_members"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "team_members_deleted_at_idx" ON "team_members" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "top_projects_order_idx" ON "top_projects" USING btree ("position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "top_projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "top_projects_deleted_at_idx" ON "top_projects" USING btree ("deleted_at");