ALTER TABLE "invoices" DROP CONSTRAINT "invoices_source_check";--> statement-breakpoint
CREATE INDEX "subscriptions_ends_at_idx" ON "subscriptions" USING btree ("ends_at") WHERE "subscriptions"."ends_at" is not null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_source_check" CHECK ("invoices"."source" in ('manual', 'qr', 'pdf-text', 'ocr', 'efatura'));