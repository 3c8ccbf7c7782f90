// What the admin CLI asks (DESIGN.md contract 7, ADR 018) and what it gets back. The same
// request runs in the CLI's own process or, while a server holds the embedded database, in the
// server through DATA_DIR/admin.sock, so it is plain JSON, validated on arrival.
import { z } from 'zod';
import { PLAN_IDS } from '#shared/plans.ts';

/** 0 done · 1 refused (unknown email, bad plan or date…) · 2 usage · 3 database not opened. */
export const EXIT = { ok: 0, refused: 1, usage: 2, database: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

const email = z.string().trim().min(1).max(320);

export const adminRequestSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('accounts'), json: z.boolean() }),
  z.object({
    command: z.literal('set-plan'),
    email,
    plan: z.enum(PLAN_IDS),
    /** 'YYYY-MM-DD': the last day of the rights, Lisbon time; null: no end. */
    until: z.string().nullable(),
  }),
  z.object({ command: z.literal('cancel-plan'), email }),
  z.object({ command: z.literal('verify-email'), email }),
  /** `dir` is absolute: the server's working directory is not the operator's. */
  z.object({ command: z.literal('export-account'), email, dir: z.string().min(1) }),
  /** What delete-account would remove, shown before the typed confirmation. */
  z.object({ command: z.literal('delete-preview'), email }),
  z.object({ command: z.literal('delete-account'), email }),
  /** `dir` is absolute, like export-account's. (restore never reaches the server: see admin-cli.) */
  z.object({ command: z.literal('backup'), dir: z.string().min(1) }),
  /** Re-encrypts every sealed value with a new key (ADR 027). */
  z.object({ command: z.literal('rotate-key') }),
  /** Every account's events, or the account's with that email. */
  z.object({ command: z.literal('security-events'), email: email.nullable(), json: z.boolean() }),
  /** The newsletter's confirmed subscribers. */
  z.object({ command: z.literal('newsletter'), json: z.boolean() }),
  /** The help chat's messages waiting for an answer. */
  z.object({ command: z.literal('support'), json: z.boolean() }),
  /** Answers the conversation of message `id`; `text` is checked by the command (pt-PT refusal). */
  z.object({
    command: z.literal('support-reply'),
    id: z.string().min(1).max(100),
    text: z.string().max(100_000),
  }),
]);

export type AdminRequest = z.infer<typeof adminRequestSchema>;

/** What the operator sees: printed as is, in both ways of running. */
export type AdminOutput = { exitCode: ExitCode; stdout: string; stderr: string };

export function done(stdout: string): AdminOutput {
  return { exitCode: EXIT.ok, stdout: withNewline(stdout), stderr: '' };
}

export function refused(stderr: string): AdminOutput {
  return { exitCode: EXIT.refused, stdout: '', stderr: withNewline(stderr) };
}

/** auth_users.email is stored lower case; an operator may type it any way. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function withNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}
