-- A month-name search reads that month's invoices through their own ordered index (ADR 016):
-- search_text goes back to supplier name and number (dropping the column drops its trigram
-- index, built again below) and the issue month gets an index led by account and month, in
-- created_at order.
ALTER TABLE "invoices" drop column "search_text";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(lower(translate("invoices"."supplier_name", 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')), '[[:space:]]+', ' ', 'g')) || chr(10) || btrim(regexp_replace(lower(translate("invoices"."number", 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')), '[[:space:]]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_account_issue_month_created_idx" ON "invoices" USING btree ("account_id",(extract(month from "issue_date")::int),"created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_search_text_trgm_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops);
