ALTER TABLE "profiles" ADD COLUMN "personal_nif_encrypted" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "personal_nif_hash" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "company_nif_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_nif_encrypted" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_nif_hash" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "email_encrypted" text;--> statement-breakpoint
CREATE INDEX "invoices_unsealed_buyer_nif_idx" ON "invoices" USING btree ("account_id","id") WHERE "invoices"."buyer_nif" is not null and "invoices"."buyer_nif_hash" is null;--> statement-breakpoint
CREATE INDEX "suppliers_unsealed_email_idx" ON "suppliers" USING btree ("account_id","id") WHERE "suppliers"."email" is not null;