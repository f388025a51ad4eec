CREATE TABLE "sheet_print_users" (
	"user_id" integer NOT NULL,
	"print_id" integer NOT NULL,
	CONSTRAINT "sheet_print_users_user_id_print_id_pk" PRIMARY KEY("user_id","print_id")
);
--> statement-breakpoint
CREATE TABLE "sheet_prints" (
	"id" serial PRIMARY KEY NOT NULL,
	"uai" varchar(8) NOT NULL,
	"type" text NOT NULL,
	"lang" text NOT NULL,
	"mode" text NOT NULL,
	"user_count" integer NOT NULL,
	"printed_by_id" integer,
	"printed_by" text NOT NULL,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sheet_print_users" ADD CONSTRAINT "sheet_print_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_print_users" ADD CONSTRAINT "sheet_print_users_print_id_sheet_prints_id_fk" FOREIGN KEY ("print_id") REFERENCES "public"."sheet_prints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_prints" ADD CONSTRAINT "sheet_prints_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sheet_print_users_print_idx" ON "sheet_print_users" USING btree ("print_id");--> statement-breakpoint
CREATE INDEX "sheet_prints_uai_idx" ON "sheet_prints" USING btree ("uai","printed_at");