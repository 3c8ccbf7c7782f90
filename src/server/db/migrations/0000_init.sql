CREATE TABLE "accounts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"plan_id" text DEFAULT 'free' NOT NULL,
	"monthly_invoice_limit" integer DEFAULT 15 NOT NULL,
	"team_management_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_plan_id_check" CHECK ("accounts"."plan_id" in ('free', 'professional', 'enterprise_500', 'enterprise_1000')),
	CONSTRAINT "accounts_monthly_invoice_limit_check" CHECK ("accounts"."monthly_invoice_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"account_id" text PRIMARY KEY NOT NULL,
	"photo_path" text,
	"full_name" text,
	"company_name" text,
	"email" text NOT NULL,
	"push_notifications" boolean DEFAULT false NOT NULL,
	"account_type" text DEFAULT 'particular' NOT NULL,
	"user_type" text,
	"personal_nif" text,
	"company_nif" text,
	"phone" text,
	"invoice_view_mode" text DEFAULT 'grid' NOT NULL,
	"push_device_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_account_type_check" CHECK ("profiles"."account_type" in ('particular', 'empresa')),
	CONSTRAINT "profiles_invoice_view_mode_check" CHECK ("profiles"."invoice_view_mode" in ('grid', 'list'))
);
--> statement-breakpoint
CREATE TABLE "custom_categories" (
	"account_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(50) NOT NULL,
	"icon_name" text NOT NULL,
	"color" text NOT NULL,
	"type" text DEFAULT 'custom' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_categories_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "custom_categories_color_check" CHECK ("custom_categories"."color" in ('emerald', 'blue', 'purple', 'pink', 'orange', 'red', 'yellow', 'teal', 'indigo', 'slate'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"account_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_nif" text,
	"buyer_nif" text,
	"buyer_name" text,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"atcud" text,
	"document_type" text DEFAULT 'FT' NOT NULL,
	"payment_status" text DEFAULT 'Pendente' NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"payment_method" text,
	"notes" text,
	"image_paths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"original_invoice_ref" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"qr_payload" text,
	"paid_at" date,
	"created_by_sub_user_id" text,
	"search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(lower(translate("invoices"."supplier_name", 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')), '[[:space:]]+', ' ', 'g')) || chr(10) || btrim(regexp_replace(lower(translate("invoices"."number", 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')), '[[:space:]]+', ' ', 'g'))) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "invoices_document_type_check" CHECK ("invoices"."document_type" in ('FT', 'FS', 'FR', 'NC', 'ND')),
	CONSTRAINT "invoices_payment_status_check" CHECK ("invoices"."payment_status" in ('Pendente', 'Paga', 'Vencida')),
	CONSTRAINT "invoices_payment_method_check" CHECK ("invoices"."payment_method" in ('Dinheiro', 'Cartão', 'Outro')),
	CONSTRAINT "invoices_source_check" CHECK ("invoices"."source" in ('manual', 'qr', 'pdf-text', 'ocr')),
	CONSTRAINT "invoices_amounts_positive_check" CHECK ("invoices"."total_cents" >= 0 and "invoices"."vat_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cmv_sales" (
	"account_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"sales_value_cents" bigint NOT NULL,
	"vat_collected_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cmv_sales_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cmv_sales_amounts_positive_check" CHECK ("cmv_sales"."sales_value_cents" >= 0 and "cmv_sales"."vat_collected_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"account_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"nif" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"main_category" text,
	"email" text,
	"phone" text,
	"notify_by_email" boolean DEFAULT false NOT NULL,
	"send_copy" boolean DEFAULT false NOT NULL,
	"custom_template" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spending_limit_cents" bigint,
	"spending_limit_active" boolean DEFAULT false NOT NULL,
	"spending_limit_period" text DEFAULT 'mensal' NOT NULL,
	"spending_limit_start" date,
	"spending_limit_end" date,
	"spending_limit_auto_renew" boolean DEFAULT true NOT NULL,
	"spending_limit_reset_day" smallint,
	"spending_limit_timezone" text DEFAULT 'Europe/Lisbon' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "suppliers_account_id_nif_unique" UNIQUE("account_id","nif"),
	CONSTRAINT "suppliers_spending_limit_period_check" CHECK ("suppliers"."spending_limit_period" in ('mensal', 'semanal', 'personalizado')),
	CONSTRAINT "suppliers_spending_limit_reset_day_check" CHECK ("suppliers"."spending_limit_reset_day" between 1 and 31),
	CONSTRAINT "suppliers_spending_limit_cents_check" CHECK ("suppliers"."spending_limit_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_categories" ADD CONSTRAINT "custom_categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmv_sales" ADD CONSTRAINT "cmv_sales_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_categories_account_name_unique" ON "custom_categories" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "invoices_account_created_idx" ON "invoices" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_account_issue_date_idx" ON "invoices" USING btree ("account_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_account_open_created_idx" ON "invoices" USING btree ("account_id","created_at","id") WHERE "invoices"."payment_status" in ('Pendente', 'Vencida');--> statement-breakpoint
CREATE INDEX "invoices_account_overdue_idx" ON "invoices" USING btree ("account_id","due_date") WHERE "invoices"."payment_status" = 'Pendente' and not "invoices"."is_paid";--> statement-breakpoint
CREATE INDEX "invoices_account_supplier_issue_date_idx" ON "invoices" USING btree ("account_id","supplier_nif","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_account_supplier_atcud_idx" ON "invoices" USING btree ("account_id","supplier_nif","atcud");--> statement-breakpoint
CREATE INDEX "invoices_account_supplier_number_idx" ON "invoices" USING btree ("account_id","supplier_nif","number");--> statement-breakpoint
CREATE INDEX "cmv_sales_account_date_idx" ON "cmv_sales" USING btree ("account_id","date");