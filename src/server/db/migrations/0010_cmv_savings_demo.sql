CREATE TABLE "cmv_resale_categories" (
	"account_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"built_in_name" text,
	"custom_category_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cmv_resale_categories_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "cmv_resale_categories_one_kind_check" CHECK (("cmv_resale_categories"."built_in_name" is null) <> ("cmv_resale_categories"."custom_category_id" is null))
);
--> statement-breakpoint
CREATE TABLE "savings_goals" (
	"account_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(80) NOT NULL,
	"target_cents" bigint NOT NULL,
	"target_date" date NOT NULL,
	"start_date" date NOT NULL,
	"supplier_nif" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_goals_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "savings_goals_target_positive_check" CHECK ("savings_goals"."target_cents" > 0),
	CONSTRAINT "savings_goals_dates_check" CHECK ("savings_goals"."target_date" >= "savings_goals"."start_date")
);
--> statement-breakpoint
CREATE TABLE "demo_accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"data_month" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "cmv_sales_account_date_idx";--> statement-breakpoint
ALTER TABLE "cmv_resale_categories" ADD CONSTRAINT "cmv_resale_categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmv_resale_categories" ADD CONSTRAINT "cmv_resale_categories_custom_fk" FOREIGN KEY ("account_id","custom_category_id") REFERENCES "public"."custom_categories"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_goals" ADD CONSTRAINT "savings_goals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_accounts" ADD CONSTRAINT "demo_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cmv_resale_categories_built_in_unique" ON "cmv_resale_categories" USING btree ("account_id","built_in_name");--> statement-breakpoint
CREATE UNIQUE INDEX "cmv_resale_categories_custom_unique" ON "cmv_resale_categories" USING btree ("account_id","custom_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cmv_sales_account_date_unique" ON "cmv_sales" USING btree ("account_id","date");