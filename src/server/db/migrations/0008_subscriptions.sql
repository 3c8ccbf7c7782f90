CREATE TABLE "billing_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"account_id" text,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_events_provider_event_id_pk" PRIMARY KEY("provider","event_id"),
	CONSTRAINT "billing_events_provider_check" CHECK ("billing_events"."provider" in ('manual', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"account_id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"provider" text DEFAULT 'manual' NOT NULL,
	"current_period_start" timestamp (3) with time zone,
	"current_period_end" timestamp (3) with time zone,
	"ends_at" timestamp (3) with time zone,
	"scheduled_plan_id" text,
	"scheduled_change_at" timestamp (3) with time zone,
	"coupon_code" text,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"provider_updated_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_plan_id_check" CHECK ("subscriptions"."plan_id" in ('free', 'professional', 'enterprise_500', 'enterprise_1000')),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'trialing', 'past_due', 'canceled')),
	CONSTRAINT "subscriptions_provider_check" CHECK ("subscriptions"."provider" in ('manual', 'stripe')),
	CONSTRAINT "subscriptions_scheduled_plan_id_check" CHECK ("subscriptions"."scheduled_plan_id" is null or "subscriptions"."scheduled_plan_id" in ('free', 'professional', 'enterprise_500', 'enterprise_1000'))
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_plan_id_check";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_monthly_invoice_limit_check";--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_provider_customer_idx" ON "subscriptions" USING btree ("provider_customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_provider_subscription_idx" ON "subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_scheduled_change_at_idx" ON "subscriptions" USING btree ("scheduled_change_at");--> statement-breakpoint
-- Plans set before billing existed (the dev switch of ADR 010) carry over as manual subscriptions.
INSERT INTO "subscriptions" ("account_id", "plan_id", "status", "provider")
SELECT "id", "plan_id", 'active', 'manual' FROM "accounts" WHERE "plan_id" <> 'free';--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "plan_id";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "monthly_invoice_limit";