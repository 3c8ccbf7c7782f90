CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"ip" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_events_kind_valid" CHECK ("security_events"."kind" in ('login_failed', 'login_blocked', 'auth_failures_burst', 'pin_failed', 'pin_locked', 'upload_refused', 'suspicious_input', 'request_burst')),
	CONSTRAINT "security_events_severity_valid" CHECK ("security_events"."severity" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_events_account_created_idx" ON "security_events" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at");