CREATE TABLE "workflow_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"uai" varchar(8) NOT NULL,
	"item_id" integer NOT NULL,
	"status_id" smallint NOT NULL,
	"comment" text,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" integer,
	"modified_by" text,
	CONSTRAINT "workflow_events_status_check" CHECK (status_id in (1, 2, 5))
);
--> statement-breakpoint
CREATE TABLE "workflow_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"uai" varchar(8),
	"parent_id" integer,
	"level" smallint NOT NULL,
	"label" text NOT NULL,
	"order_in_level" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_items_level_check" CHECK ((level = 1 and uai is null and parent_id is null) or (level = 2 and uai is not null and parent_id is not null))
);
--> statement-breakpoint
CREATE TABLE "workflow_quotes" (
	"uai" varchar(8) PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" integer,
	"modified_by" text,
	CONSTRAINT "workflow_quotes_status_check" CHECK (status in ('none', 'pending', 'signed', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "workflow_events" ADD CONSTRAINT "workflow_events_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_events" ADD CONSTRAINT "workflow_events_item_id_workflow_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."workflow_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_events" ADD CONSTRAINT "workflow_events_modified_by_id_users_id_fk" FOREIGN KEY ("modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_items" ADD CONSTRAINT "workflow_items_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_items" ADD CONSTRAINT "workflow_items_parent_id_workflow_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."workflow_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_quotes" ADD CONSTRAINT "workflow_quotes_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_quotes" ADD CONSTRAINT "workflow_quotes_modified_by_id_users_id_fk" FOREIGN KEY ("modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_events_uai_item_unique" ON "workflow_events" USING btree ("uai","item_id");--> statement-breakpoint
CREATE INDEX "workflow_events_item_idx" ON "workflow_events" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "workflow_events_modified_by_idx" ON "workflow_events" USING btree ("modified_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_items_step_label_unique" ON "workflow_items" USING btree ("label") WHERE level = 1;--> statement-breakpoint
CREATE INDEX "workflow_items_uai_parent_idx" ON "workflow_items" USING btree ("uai","parent_id","order_in_level");--> statement-breakpoint
CREATE INDEX "workflow_quotes_modified_by_idx" ON "workflow_quotes" USING btree ("modified_by_id");