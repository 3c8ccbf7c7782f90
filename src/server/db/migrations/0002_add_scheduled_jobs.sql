CREATE TABLE "scheduled_job_account_counts" (
	"account_id" text NOT NULL,
	"job_name" text NOT NULL,
	"run_id" uuid NOT NULL,
	"updated_count" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_job_account_counts_account_id_job_name_pk" PRIMARY KEY("account_id","job_name"),
	CONSTRAINT "scheduled_job_account_counts_updated_count_check" CHECK ("scheduled_job_account_counts"."updated_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_id" uuid NOT NULL,
	"last_started_at" timestamp (3) with time zone NOT NULL,
	"last_finished_at" timestamp (3) with time zone NOT NULL,
	"last_status" text NOT NULL,
	"last_error" text,
	"last_succeeded_at" timestamp (3) with time zone,
	"last_updated_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_jobs_last_status_check" CHECK ("scheduled_jobs"."last_status" in ('ok', 'failed')),
	CONSTRAINT "scheduled_jobs_last_updated_count_check" CHECK ("scheduled_jobs"."last_updated_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "scheduled_job_account_counts" ADD CONSTRAINT "scheduled_job_account_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_job_account_counts" ADD CONSTRAINT "scheduled_job_account_counts_job_name_scheduled_jobs_name_fk" FOREIGN KEY ("job_name") REFERENCES "public"."scheduled_jobs"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_overdue_due_date_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."payment_status" = 'Pendente' and not "invoices"."is_paid";