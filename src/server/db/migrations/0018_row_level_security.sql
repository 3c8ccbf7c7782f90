-- Row-level security as a second wall (issue 19 point 2, ADR 027). Every account-owned table
-- shows and takes only the rows of the account named by the setting `app.account_id`, which the
-- app sets to the request's account (src/server/db/account-context.ts, db/client.ts). With the
-- setting empty or unset — system work: scheduled jobs, Better Auth, the sign-up hook, the admin
-- CLI, migrations, test set-up — every row is visible, as before.
--
-- The app's connections run as `papelada_app` (SET ROLE after migrations), a role that owns
-- nothing and cannot bypass RLS; the migrations keep the connecting role, the tables' owner.
-- FORCE makes the policies bind the owner too, unless it is a superuser, so a server whose
-- role may not create `papelada_app` is still walled.
--
-- Roles belong to the cluster, not to the database: a second database on the same server finds
-- the role made, and a concurrent creation by another database's migration is not an error.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'papelada_app') THEN
    BEGIN
      CREATE ROLE papelada_app NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN
        NULL;
      WHEN insufficient_privilege THEN
        RAISE NOTICE 'papelada_app not created (% may not create roles): the app keeps this role, bound by FORCE ROW LEVEL SECURITY', current_user;
        RETURN;
    END;
  END IF;
  GRANT USAGE ON SCHEMA public TO papelada_app;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO papelada_app;
  GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO papelada_app;
  -- Tables and sequences later migrations create (as this same role).
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO papelada_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO papelada_app;
  -- SET ROLE needs membership; a superuser has it implicitly, a plain owner is granted it.
  IF NOT pg_catalog.pg_has_role(current_user, 'papelada_app', 'MEMBER') THEN
    BEGIN
      GRANT papelada_app TO CURRENT_USER;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE '% may not SET ROLE papelada_app: the app keeps this role, bound by FORCE ROW LEVEL SECURITY', current_user;
    END;
  END IF;
END
$$;
--> statement-breakpoint
-- The account the statements of this session act for; null for system work. Wrapped as
-- `(SELECT public.papelada_current_account_id())` in the policies, so a query evaluates it once
-- (an InitPlan), not once per row.
CREATE OR REPLACE FUNCTION public.papelada_current_account_id() RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(pg_catalog.current_setting('app.account_id', true), '') $$;
--> statement-breakpoint
-- Walls one table: RLS enabled and forced, and the one policy `account_isolation` for every
-- command, reading (USING) and writing (WITH CHECK) alike. Idempotent. A migration creating an
-- account-owned table calls it: SELECT papelada_enable_account_rls('new_table');
-- (src/server/db/row-level-security.test.ts fails while a table with an account_id has none).
CREATE OR REPLACE FUNCTION public.papelada_enable_account_rls(
  target regclass,
  account_column name DEFAULT 'account_id'
) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  own_rows text := format(
    '(SELECT public.papelada_current_account_id()) IS NULL OR %I = (SELECT public.papelada_current_account_id())',
    account_column
  );
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS account_isolation ON %s', target);
  EXECUTE format(
    'CREATE POLICY account_isolation ON %s AS PERMISSIVE FOR ALL TO PUBLIC USING (%s) WITH CHECK (%s)',
    target, own_rows, own_rows
  );
END
$$;
--> statement-breakpoint
-- Under a policy, PostgreSQL uses a query's condition as an index condition only when its
-- functions are LEAKPROOF (they could otherwise reveal rows the policy hides, by an error or a
-- side effect, before the policy has filtered them). The invoice search's LIKE (trigram index,
-- ADR 013) and the month search's extract(month …)::int (ADR 016) are not marked so, and would
-- read the whole account instead. They raise errors only on their other argument (a malformed
-- pattern, an unknown field) or on values outside what they are used on here, and the wall is
-- against queries the app gets wrong, not SQL written by an attacker (who could RESET ROLE
-- anyway: ADR 027), so they are marked LEAKPROOF — which takes a superuser: PGlite, and a
-- PostgreSQL the app owns; elsewhere an administrator may run the same three statements
-- (docs/deployment.md).
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.extract(text, date) LEAKPROOF;
    ALTER FUNCTION pg_catalog.int4(numeric) LEAKPROOF;
  ELSE
    RAISE NOTICE 'not a superuser: the invoice search reads without its indexes under RLS (docs/deployment.md)';
  END IF;
END
$$;
--> statement-breakpoint
-- The tenant itself, by its id.
SELECT public.papelada_enable_account_rls('public.accounts', 'id');
--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.profiles');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.subscriptions');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.billing_events');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.custom_categories');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.suppliers');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.invoices');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.invoice_vat_lines');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.cmv_sales');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.cmv_resale_categories');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.savings_goals');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.demo_accounts');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.email_audit');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.scheduled_job_account_counts');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.scans');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.feed_secrets');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.team_sub_users');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.team_members');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.team_invitations');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.pin_recovery_codes');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.security_events');--> statement-breakpoint
SELECT public.papelada_enable_account_rls('public.idempotency_keys');
