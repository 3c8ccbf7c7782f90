CREATE TABLE "invoice_vat_lines" (
	"account_id" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"region" text NOT NULL,
	"rate_band" text NOT NULL,
	"base_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_vat_lines_account_id_invoice_id_region_rate_band_pk" PRIMARY KEY("account_id","invoice_id","region","rate_band"),
	CONSTRAINT "invoice_vat_lines_region_check" CHECK ("invoice_vat_lines"."region" in ('PT', 'PT-AC', 'PT-MA')),
	CONSTRAINT "invoice_vat_lines_rate_band_check" CHECK ("invoice_vat_lines"."rate_band" in ('exempt', 'reduced', 'intermediate', 'normal')),
	CONSTRAINT "invoice_vat_lines_amounts_check" CHECK ("invoice_vat_lines"."base_cents" >= 0 and "invoice_vat_lines"."vat_cents" >= 0 and ("invoice_vat_lines"."rate_band" <> 'exempt' or "invoice_vat_lines"."vat_cents" = 0))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "has_vat_breakdown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_vat_lines" ADD CONSTRAINT "invoice_vat_lines_invoice_fk" FOREIGN KEY ("account_id","invoice_id") REFERENCES "public"."invoices"("account_id","id") ON DELETE cascade ON UPDATE no action;