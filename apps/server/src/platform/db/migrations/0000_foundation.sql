CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"postal_code" text,
	"country_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "countries_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "school_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "school_types_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"uai" varchar(8) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city_id" integer,
	"town" text DEFAULT '' NOT NULL,
	"extension" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"postal_code" text,
	"sector" text DEFAULT 'Privé' NOT NULL,
	"type_id" integer,
	"county_id" integer DEFAULT 999 NOT NULL,
	"academy_id" integer DEFAULT 99 NOT NULL,
	"country_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"admin_duration" integer DEFAULT 0 NOT NULL,
	"connect_rnd_pwd" boolean DEFAULT false NOT NULL,
	"deployment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"regex_estab" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manager_schools" (
	"user_id" integer NOT NULL,
	"uai" varchar(8) NOT NULL,
	CONSTRAINT "manager_schools_user_id_uai_pk" PRIMARY KEY("user_id","uai")
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"uai" varchar(8) NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_rights" (
	"profile_id" integer NOT NULL,
	"area" text NOT NULL,
	"lecture" smallint DEFAULT 0 NOT NULL,
	"ecriture" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "profile_rights_profile_id_area_pk" PRIMARY KEY("profile_id","area")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "profiles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_options" (
	"user_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"ordre" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "user_options_user_id_option_id_pk" PRIMARY KEY("user_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uai" varchar(8),
	"profile_id" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"login" text NOT NULL,
	"password_hash" text,
	"password_encrypted" text,
	"level" text,
	"class_name" text,
	"subject" text,
	"email" text,
	"tablet_number" varchar(12),
	"comment" text,
	"admin_mode" smallint DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"import_number" integer,
	"link_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"urls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"show_token_status" boolean DEFAULT false NOT NULL,
	"application_code_yes_no" boolean DEFAULT false NOT NULL,
	"application_code_required" boolean DEFAULT false NOT NULL,
	"common_code" text,
	"connect_diff_password" boolean DEFAULT false NOT NULL,
	CONSTRAINT "applications_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"for_export" boolean DEFAULT false NOT NULL,
	"export_file" text,
	"export_type" text DEFAULT 'CSV' NOT NULL,
	"url_scheme_login_required" boolean DEFAULT false NOT NULL,
	"url_scheme_pwd_required" boolean DEFAULT false NOT NULL,
	"url_scheme_code_yes_no" boolean DEFAULT false NOT NULL,
	"url_scheme_code_required" boolean DEFAULT false NOT NULL,
	"platform_code_yes_no" boolean DEFAULT false NOT NULL,
	"platform_code_required" boolean DEFAULT false NOT NULL,
	"common_code" text,
	"urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "platforms_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_applications" (
	"user_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"login" text,
	"password_encrypted" text,
	"keys" text,
	CONSTRAINT "user_applications_user_id_application_id_pk" PRIMARY KEY("user_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_label" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"uai" varchar(8),
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_type_id_school_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."school_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_schools" ADD CONSTRAINT "manager_schools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_schools" ADD CONSTRAINT "manager_schools_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_rights" ADD CONSTRAINT "profile_rights_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_options" ADD CONSTRAINT "user_options_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_options" ADD CONSTRAINT "user_options_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_uai_schools_uai_fk" FOREIGN KEY ("uai") REFERENCES "public"."schools"("uai") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_applications" ADD CONSTRAINT "user_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_applications" ADD CONSTRAINT "user_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manager_schools_uai_idx" ON "manager_schools" USING btree ("uai");--> statement-breakpoint
CREATE UNIQUE INDEX "options_uai_name_unique" ON "options" USING btree ("uai","name");--> statement-breakpoint
CREATE INDEX "user_options_option_idx" ON "user_options" USING btree ("option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_unique" ON "users" USING btree (lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_link_token_unique" ON "users" USING btree ("link_token");--> statement-breakpoint
CREATE INDEX "users_uai_idx" ON "users" USING btree ("uai");--> statement-breakpoint
CREATE INDEX "applications_platform_idx" ON "applications" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "user_applications_application_idx" ON "user_applications" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");