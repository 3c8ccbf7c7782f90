-- pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded by db/client.ts): ADR 013.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "invoices_search_text_trgm_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops);
