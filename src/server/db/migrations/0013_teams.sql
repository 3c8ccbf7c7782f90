CREATE TABLE "pin_recovery_codes" (
	"account_id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"account_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"accepted_by_user_id" text,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitations_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "team_invitations_role_check" CHECK ("team_invitations"."role" in ('administrator', 'manager', 'user'))
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_account_id_user_id_pk" PRIMARY KEY("account_id","user_id"),
	CONSTRAINT "team_members_role_check" CHECK ("team_members"."role" in ('administrator', 'manager', 'user'))
);
--> statement-breakpoint
CREATE TABLE "team_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"auth_session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"sub_user_id" uuid,
	"member_user_id" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_sessions_kind_check" CHECK ("team_sessions"."kind" in ('main', 'sub-user', 'member')),
	CONSTRAINT "team_sessions_kind_fields_check" CHECK (("team_sessions"."kind" = 'sub-user') = ("team_sessions"."sub_user_id" is not null) and ("team_sessions"."kind" = 'member') = ("team_sessions"."member_user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "team_sub_users" (
	"account_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(60) NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"pin_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_sub_users_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "team_sub_users_role_check" CHECK ("team_sub_users"."role" in ('administrator', 'manager', 'user'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "main_pin_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "updated_by_name" text;--> statement-breakpoint
ALTER TABLE "pin_recovery_codes" ADD CONSTRAINT "pin_recovery_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_accepted_by_user_id_auth_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sessions" ADD CONSTRAINT "team_sessions_auth_session_id_auth_sessions_id_fk" FOREIGN KEY ("auth_session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sessions" ADD CONSTRAINT "team_sessions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sessions" ADD CONSTRAINT "team_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sessions" ADD CONSTRAINT "team_sessions_sub_user_fk" FOREIGN KEY ("account_id","sub_user_id") REFERENCES "public"."team_sub_users"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sessions" ADD CONSTRAINT "team_sessions_member_fk" FOREIGN KEY ("account_id","member_user_id") REFERENCES "public"."team_members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sub_users" ADD CONSTRAINT "team_sub_users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_hash_unique" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_sessions_account_sub_user_idx" ON "team_sessions" USING btree ("account_id","sub_user_id");--> statement-breakpoint
CREATE INDEX "team_sessions_auth_session_idx" ON "team_sessions" USING btree ("auth_session_id");--> statement-breakpoint
CREATE INDEX "team_sessions_expires_at_idx" ON "team_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_sub_users_account_name_unique" ON "team_sub_users" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "invoices_account_created_by_idx" ON "invoices" USING btree ("account_id","created_by","created_at","id");