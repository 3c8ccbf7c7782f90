// Issue 19.6: the same build as two servers behind a load balancer, on one PostgreSQL and one
// S3-compatible store (docs/deployment.md). Each server is a real process; the test plays the
// load balancer, sending each request to the server it chooses, with X-Forwarded-For.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invoices, scheduledJobs } from '#server/db/schema/index.ts';
import { SESSION_CACHE_TTL_MS } from '#server/features/auth/session-cache.ts';
import { cookiesOf, particularSignUp, TEST_PASSWORD } from '#server/features/auth/test-helpers.ts';
import { sseReader } from '#server/features/events/events-test-helpers.ts';
import { INVOICE_EXPIRY_JOB } from '#server/features/invoices/invoice-expiry.queries.ts';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { startSmtpSink, type SmtpSink } from '#tests/setup/smtp-sink.ts';
import {
  PUBLIC_URL,
  request,
  startTwoServers,
  type ServerProcess,
  type TwoServers,
} from './two-servers-test-kit.ts';
import { waitFor } from '#tests/setup/wait-for.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Overdue invoices seeded before the servers boot. Enough that one expiry run lasts longer than
 * the gap between the two boots, so without the advisory lock the runs overlap.
 */
const OVERDUE_INVOICES = 3_000;
const seededInvoiceIds: string[] = [];

describe.runIf(serverUrl)('two servers on one PostgreSQL and one S3 store', () => {
  let servers: TwoServers;
  let a: ServerProcess;
  let b: ServerProcess;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    servers = await startTwoServers({
      serverUrl: serverUrl ?? '',
      env: { SMTP_URL: smtp.url },
      seed: async (db) => {
        const { id } = await insertAccount(db);
        for (let i = 0; i < OVERDUE_INVOICES; i += 2_000) {
          const batch = Array.from({ length: Math.min(2_000, OVERDUE_INVOICES - i) }, () => ({
            dueDate: '2025-01-31',
          }));
          for (const row of await insertInvoices(db, id, batch)) seededInvoiceIds.push(row.id);
        }
      },
    });
    ({ a, b } = servers);
  });

  afterAll(async () => {
    await servers?.stop();
    await smtp?.close();
  });

  let ipSequence = 0;
  const nextIp = () => `203.0.113.${++ipSequence}`;

  /** The first /api/auth link mailed to `email` whose path starts with `pathPrefix`. */
  const mailedLink = (email: string, pathPrefix: string) =>
    waitFor(() => {
      for (const mail of smtp.messages) {
        if (!mail.to.includes(email)) continue;
        const found = mail.body.match(/https?:\/\/[^\s"<>]+\/api\/auth\/[^\s"<>]+/)?.[0];
        if (found && new URL(found).pathname.startsWith(pathPrefix)) return new URL(found);
      }
      return undefined;
    }, `the mail to ${email}`);

  /** Signs up through `signUpOn`, follows the mailed link on `verifyOn`: the session cookie. */
  async function signUpVerified(email: string, signUpOn: ServerProcess, verifyOn: ServerProcess) {
    const ip = nextIp();
    const signUp = await request(signUpOn, '/api/account/sign-up', {
      ip,
      json: particularSignUp(email),
    });
    expect(signUp.status).toBe(201);
    // APP_URL's link, opened on whichever server the load balancer picks.
    const link = await mailedLink(email, '/api/auth/verify-email');
    expect(link.origin).toBe(PUBLIC_URL);
    const cookie = cookiesOf(await request(verifyOn, link.pathname + link.search, { ip }));
    expect(cookie).toContain('session_token');
    return cookie;
  }

  const signIn = (server: ServerProcess, email: string, password: string, ip: string) =>
    request(server, '/api/auth/sign-in/email', { ip, json: { email, password } });

  let invoiceSequence = 0;
  async function createInvoice(server: ServerProcess, cookie: string): Promise<string> {
    invoiceSequence += 1;
    const today = todayInLisbon();
    const res = await request(server, '/api/invoices', {
      ip: nextIp(),
      cookie,
      json: {
        supplierNif: nextNif(),
        supplierName: 'Papelaria Dois Servidores, Lda',
        number: `FT 2SRV/${invoiceSequence}`,
        issueDate: today,
        dueDate: addDays(today, 30),
        totalCents: 12_300,
        vatCents: 2_300,
        atcud: `TWOSRV01-${invoiceSequence}`,
      },
    });
    expect(res.status).toBe(201);
    const { id }: { id: string } = await res.json();
    return id;
  }

  test('an invoice created through one server reaches the event streams open on both', async () => {
    const cookie = await signUpVerified('eventos@exemplo.pt', a, b);
    const ip = nextIp();
    const streams = await Promise.all(
      [b, a].map(async (server) => {
        const res = await request(server, '/api/events', { ip, cookie });
        expect(res.status).toBe(200);
        const reader = sseReader(res);
        expect((await reader.nextEvent(5_000)).event).toBe('ready');
        return reader;
      }),
    );
    try {
      const id = await createInvoice(a, cookie);
      // B heard it through PostgreSQL; A too (every server hears its own events that way).
      for (const stream of streams) {
        const message = await stream.nextEvent(5_000);
        expect(message.event).toBe('invoices.changed');
        expect(JSON.parse(message.data)).toEqual({
          type: 'invoices.changed',
          action: 'created',
          ids: [id],
        });
      }
    } finally {
      await Promise.all(streams.map((stream) => stream.cancel()));
    }
  });

  test("the daily expiry job, caught up by both servers' boot at once, runs on exactly one", async () => {
    type Outcome = { server: string; msg: string; updated?: unknown; reason?: unknown };
    // Both servers booted with the slot not done (a new database): each tried the catch-up.
    // (Booting across 00:05 Lisbon would make two slots, each rightly run once: a few seconds
    // a day, not worth a fake clock in a spawned process.)
    const outcomes = await waitFor(() => {
      const found: Outcome[] = [a, b].flatMap((server) =>
        server
          .logs()
          .filter(
            (line) => line.job === INVOICE_EXPIRY_JOB && line.msg?.startsWith('scheduled run'),
          )
          .map((line) => ({ server: server.name, ...line, msg: line.msg ?? '' })),
      );
      return new Set(found.map((o) => o.server)).size === 2 ? found : undefined;
    }, 'both servers to log their expiry catch-up');

    const done = outcomes.filter((o) => o.msg === 'scheduled run done');
    expect(done).toEqual([expect.objectContaining({ updated: OVERDUE_INVOICES })]);
    const other = outcomes.filter((o) => o.server !== done[0]?.server);
    // The other found the run under way (the lock) or already recorded for this slot.
    expect(other).toEqual([
      expect.objectContaining({
        msg: 'scheduled run skipped',
        reason: expect.stringMatching(/^(locked|done)$/),
      }),
    ]);

    const [job] = await servers.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, INVOICE_EXPIRY_JOB));
    expect(job).toMatchObject({ lastStatus: 'ok', lastUpdatedCount: OVERDUE_INVOICES });
    const stillPending = await servers.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(inArray(invoices.id, seededInvoiceIds), eq(invoices.paymentStatus, 'Pendente')));
    expect(stillPending).toEqual([]);
  });

  test('failed sign-ins spread over both servers lock the address on both', async () => {
    const email = 'bloqueio@exemplo.pt';
    await signUpVerified(email, b, a);
    const attacker = nextIp();
    // Ten failures, five on each server: each server alone saw fewer than the limit.
    for (let i = 0; i < 10; i++) {
      const res = await signIn(i % 2 === 0 ? a : b, email, `errada${i}`, attacker);
      expect(res.status).toBe(401);
    }
    for (const server of [a, b]) {
      const locked = await signIn(server, email, TEST_PASSWORD, attacker);
      expect(locked.status).toBe(429);
      expect((await locked.json()).error.code).toBe('TOO_MANY_REQUESTS');
    }
    // That address only: the owner elsewhere still gets in, on either server.
    expect((await signIn(b, email, TEST_PASSWORD, nextIp())).status).toBe(200);
  });

  test('a session from one server works on the other, and signing out refuses it there at once', async () => {
    const email = 'sessao@exemplo.pt';
    await signUpVerified(email, b, b);
    const ip = nextIp();
    const signedIn = await signIn(a, email, TEST_PASSWORD, ip);
    expect(signedIn.status).toBe(200);
    const cookie = cookiesOf(signedIn);

    // Twice on B: the second answer comes from B's session cache.
    for (let i = 0; i < 2; i++) {
      expect((await request(b, '/api/profile', { ip, cookie })).status).toBe(200);
    }
    const cachedAt = performance.now();
    const signedOut = await request(a, '/api/auth/sign-out', { ip, cookie, json: {} });
    expect(signedOut.status).toBe(200);
    expect((await request(b, '/api/profile', { ip, cookie })).status).toBe(401);
    // Refused while B's cache entry would still have been fresh: B forgot it when told.
    expect(performance.now() - cachedAt).toBeLessThan(SESSION_CACHE_TTL_MS);
    expect((await request(a, '/api/profile', { ip, cookie })).status).toBe(401);
  });

  test('a photo uploaded through one server is served by the other from the shared store', async () => {
    const cookie = await signUpVerified('fotos@exemplo.pt', a, a);
    const ip = nextIp();
    const invoiceId = await createInvoice(b, cookie);
    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#2e86c1' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new File([new Uint8Array(jpeg)], 'fatura.jpg', { type: 'image/jpeg' }));
    const uploaded = await request(a, `/api/invoices/${invoiceId}/photos`, {
      ip,
      cookie,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { imagePaths }: { imagePaths: string[] } = await uploaded.json();
    const [photoPath] = imagePaths;
    if (!photoPath) throw new Error('no photo path');

    // Signed by A, served by B; the other way round too.
    const signedOn = async (server: ServerProcess) => {
      const res = await request(server, '/api/files/sign', {
        ip,
        cookie,
        json: { paths: [photoPath] },
      });
      expect(res.status).toBe(200);
      const { urls }: { urls: Record<string, { url: string; thumbUrl: string }> } =
        await res.json();
      const signed = urls[photoPath];
      if (!signed) throw new Error('the path was not signed');
      return signed;
    };
    const fetchFile = async (server: ServerProcess, url: string) => {
      const res = await request(server, url, { ip, cookie });
      expect(res.status).toBe(200);
      return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const signedByA = await signedOn(a);
    const photoOnB = await fetchFile(b, signedByA.url);
    const photoOnA = await fetchFile(a, (await signedOn(b)).url);
    expect(photoOnB.type).toBe('image/jpeg');
    expect(photoOnB.bytes).toEqual(photoOnA.bytes);
    expect((await fetchFile(b, signedByA.thumbUrl)).type).toBe('image/webp');

    // It lives in the bucket, not on either server's disk.
    const s3 = new AwsClient({ ...servers.s3, service: 's3', region: 'us-east-1' });
    const stored = await s3.fetch(`${servers.s3.endpoint}/${servers.s3.bucket}/${photoPath}`);
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(photoOnB.bytes);
    for (const server of [a, b]) expect(existsSync(path.join(server.dataDir, 'files'))).toBe(false);
  });
});
