CREATE TABLE "push_subscriptions" (
	"account_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth_secret" text NOT NULL,
	"label" text NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"account_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" uuid,
	"supplier_id" uuid,
	"period" date NOT NULL,
	"push" boolean NOT NULL,
	"email" boolean NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"deliver_after" timestamp (3) with time zone NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_deliveries_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "reminder_deliveries_once_unique" UNIQUE NULLS NOT DISTINCT("account_id","user_id","kind","invoice_id","supplier_id","period"),
	CONSTRAINT "reminder_deliveries_kind_check" CHECK ("reminder_deliveries"."kind" in ('invoice_due_soon', 'invoice_overdue', 'supplier_limit', 'weekly_digest')),
	CONSTRAINT "reminder_deliveries_status_check" CHECK ("reminder_deliveries"."status" in ('pending', 'sent', 'skipped')),
	CONSTRAINT "reminder_deliveries_subject_check" CHECK (("reminder_deliveries"."invoice_id" is not null) = ("reminder_deliveries"."kind" in ('invoice_due_soon', 'invoice_overdue')) and ("reminder_deliveries"."supplier_id" is not null) = ("reminder_deliveries"."kind" = 'supplier_limit'))
);
--> statement-breakpoint
CREATE TABLE "reminder_preferences" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"due_soon_push" boolean DEFAULT true NOT NULL,
	"due_soon_email" boolean DEFAULT false NOT NULL,
	"overdue_push" boolean DEFAULT true NOT NULL,
	"overdue_email" boolean DEFAULT false NOT NULL,
	"limit_push" boolean DEFAULT true NOT NULL,
	"limit_email" boolean DEFAULT false NOT NULL,
	"weekly_digest_email" boolean DEFAULT false NOT NULL,
	"quiet_hours_enabled" boolean DEFAULT true NOT NULL,
	"quiet_hours_start" smallint DEFAULT 1320 NOT NULL,
	"quiet_hours_end" smallint DEFAULT 480 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_preferences_account_id_user_id_pk" PRIMARY KEY("account_id","user_id"),
	CONSTRAINT "reminder_preferences_quiet_hours_check" CHECK ("reminder_preferences"."quiet_hours_start" between 0 and 1439 and "reminder_preferences"."quiet_hours_end" between 0 and 1439)
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_preferences" ADD CONSTRAINT "reminder_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_preferences" ADD CONSTRAINT "reminder_preferences_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_account_unique" ON "push_subscriptions" USING btree ("endpoint","account_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_account_user_idx" ON "push_subscriptions" USING btree ("account_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "reminder_deliveries_pending_idx" ON "reminder_deliveries" USING btree ("deliver_after") WHERE "reminder_deliveries"."status" = 'pending';--> statement-breakpoint
-- Row-level security on the new account-owned tables (migration 0018, ADR 027).
SELECT public.papelada_enable_account_rls('public.push_subscriptions');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.reminder_preferences');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.reminder_deliveries');
