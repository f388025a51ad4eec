CREATE TABLE "token_purge_runs" (
	"task_id" integer NOT NULL,
	"occurrence" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"removed" integer,
	CONSTRAINT "token_purge_runs_task_id_occurrence_pk" PRIMARY KEY("task_id","occurrence")
);
--> statement-breakpoint
CREATE TABLE "token_purge_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"platform_id" text NOT NULL,
	"uais" jsonb,
	"start_at" timestamp with time zone NOT NULL,
	"interval_field" text NOT NULL,
	"interval_value" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"last_execution" timestamp with time zone,
	"next_run_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "token_purge_runs" ADD CONSTRAINT "token_purge_runs_task_id_token_purge_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."token_purge_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_purge_tasks" ADD CONSTRAINT "token_purge_tasks_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_purge_tasks" ADD CONSTRAINT "token_purge_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "token_purge_tasks_due_idx" ON "token_purge_tasks" USING btree ("next_run_at") WHERE "token_purge_tasks"."next_run_at" is not null;