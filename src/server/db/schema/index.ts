// The schema barrel (the only barrel in the project): drizzle-kit reads it to generate
// migrations, and createDb passes it to drizzle for typed relational queries.
export * from './accounts.ts';
export * from './categories.ts';
export * from './invoices.ts';
export * from './invoice-vat-lines.ts';
export * from './sales.ts';
export * from './savings.ts';
export * from './demo.ts';
export * from './suppliers.ts';
export * from './auth.ts';
export * from './email.ts';
export * from './jobs.ts';
export * from './scans.ts';
export * from './billing.ts';
export * from './feed-secrets.ts';
export * from './teams.ts';
export * from './security-events.ts';
export * from './idempotency-keys.ts';
export * from './notifications.ts';
export * from './email-config.ts';
export * from './newsletter.ts';
export * from './support.ts';
