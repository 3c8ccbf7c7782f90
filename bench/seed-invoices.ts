// Set-based seed of the list benchmark (DESIGN.md budget): 1 000 accounts, one of them with
// 100 000 invoices over three years, the others with 100 each, and the 20 suppliers their
// invoices name. Rows are inserted in created_at order across accounts, as a live
// multi-tenant table fills up, so one account's rows are spread over the heap. Plain SQL that
// runs on PostgreSQL 15 and on PGlite.

export const BENCH_ACCOUNT_ID = 'bench-0001';
export const BENCH_ACCOUNTS = 1_000;
export const BENCH_MAIN_INVOICES = 100_000;
export const BENCH_OTHER_INVOICES = 100;
/** A fixed "today" (mid-month), so figures do not depend on the day the bench runs. */
export const BENCH_TODAY = '2025-06-15';

const SUPPLIERS = [
  'Continente Hipermercados',
  'Pingo Doce',
  'EDP Comercial',
  'Águas do Porto',
  'Farmácia Central',
  'Galp Energia',
  'MEO',
  'NOS Comunicações',
  'Vodafone Portugal',
  'Worten',
  'IKEA Portugal',
  'Leroy Merlin',
  'Padaria São João',
  'Restaurante O Cantinho',
  'Via Verde',
  'Staples Portugal',
  'Fnac Portugal',
  'Lidl & Companhia',
  'Auchan Portugal',
  'Café Central',
];

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

export type SeedOptions = {
  /**
   * The account that gets the 100 000 invoices. The endpoint benchmark passes the id of the
   * user it signed up (a main user's id is its account id; the row exists and gets the plan).
   */
  mainAccountId?: string;
  /** The day the invoices lead up to, 'YYYY-MM-DD'. */
  today?: string;
};

/** Statements to run in order; each is one round trip. */
export function seedStatements(options: SeedOptions = {}): string[] {
  const mainAccountId = options.mainAccountId ?? BENCH_ACCOUNT_ID;
  const today = options.today ?? BENCH_TODAY;
  const yearsDays = 1_096;
  // Account number a (1 is the big one) → its id.
  const accountId = (a: string) =>
    `case when ${a} = 1 then ${quote(mainAccountId)} else 'bench-' || lpad(${a}::text, 4, '0') end`;
  return [
    `insert into accounts (id)
     select ${accountId('a')} from generate_series(1, ${BENCH_ACCOUNTS}) a
     on conflict (id) do nothing`,
    // The big account is on Empresarial 1000 (a manual grant); the others on Gratuito.
    `insert into subscriptions (account_id, plan_id, status, provider)
     values (${quote(mainAccountId)}, 'enterprise_1000', 'active', 'manual')
     on conflict (account_id) do update set plan_id = excluded.plan_id, status = excluded.status`,
    // The suppliers the invoices name (same NIF and name), as manual entry creates them.
    `insert into suppliers (account_id, nif, name, category)
     select ${accountId('a')}, (500000000 + s)::text,
       (array[${SUPPLIERS.map(quote).join(', ')}])[1 + s], 'Outros'
     from generate_series(1, ${BENCH_ACCOUNTS}) a, generate_series(0, ${SUPPLIERS.length - 1}) s`,
    `insert into invoices (account_id, number, supplier_name, supplier_nif, issue_date, due_date,
       total_cents, vat_cents, atcud, document_type, payment_status, is_paid, payment_method,
       source, created_at, updated_at)
     select ${accountId('a')},
       'FT ' || chr(65 + n % 3) || '/' || n,
       (array[${SUPPLIERS.map(quote).join(', ')}])[1 + supplier],
       (500000000 + supplier)::text,
       issue_date,
       issue_date + 30,
       total,
       total * 23 / 123,
       'JFB8N2KC-' || n,
       case when n % 40 = 0 then 'NC' else 'FT' end,
       status,
       status = 'Paga',
       case when status = 'Paga' then 'Cartão' end,
       'qr',
       created_at,
       created_at
     from (
       select a, n, issue_date,
         -- n / 3, not n: the supplier must not follow the status, which keys on n's parity.
         (n / 3 + a) % ${SUPPLIERS.length} as supplier,
         1000 + (n * 7919 + a) % 50000 as total,
         case
           when issue_date >= date ${quote(today)} - 45
             then case when n % 2 = 0 then 'Pendente' else 'Paga' end
           when n % 50 = 0 then 'Vencida'
           when n % 50 = 1 then 'Pendente'
           else 'Paga'
         end as status,
         ((issue_date + n % 3)::timestamp + make_interval(secs => 28800 + (n * 37) % 36000))
           at time zone 'UTC' as created_at
       from (
         select a, n, date ${quote(today)} - (n::bigint * ${yearsDays} / per_account)::int as issue_date
         from (
           select 1 as a, g as n, ${BENCH_MAIN_INVOICES} as per_account
           from generate_series(1, ${BENCH_MAIN_INVOICES}) g
           union all
           select a, g, ${BENCH_OTHER_INVOICES}
           from generate_series(2, ${BENCH_ACCOUNTS}) a, generate_series(1, ${BENCH_OTHER_INVOICES}) g
         ) numbered
       ) dated
     ) rows
     order by created_at`,
    // The state autovacuum soon leaves an insert-only table in: statistics, and a visibility
    // map that lets counts read the index alone. Straight after the bulk insert, a count of
    // the big account's invoices reads the heap instead (measured ~60 ms against ~10 ms).
    'vacuum analyze',
  ];
}
