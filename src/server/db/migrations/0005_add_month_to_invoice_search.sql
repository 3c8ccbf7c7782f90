-- search_text gains the issue month's name, so a month search is the same trigram-served LIKE
-- as any other (ADR 013). PostgreSQL 15 cannot change a generated column's expression in
-- place: the column is dropped (with its trigram index) and added again, which recomputes it
-- for every existing row, and the index is built again.
ALTER TABLE "invoices" drop column "search_text";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(lower(translate("invoices"."supplier_name", 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')), '[[:space:]]+', ' ', 'g')) || chr(10) || btrim(regexp_replace(lower(translate("invoices"."number", 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')), '[[:space:]]+', ' ', 'g')) || chr(10) || (array['janeiro', 'fevereiro', 'marco', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'])[extract(month from "invoices"."issue_date")::int]) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_search_text_trgm_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops);
