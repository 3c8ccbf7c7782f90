// `npm run admin -- <command>` (DESIGN.md contract 7, ADR 018). With DATABASE_URL the CLI
// works on PostgreSQL itself. On PGlite it first asks the server through DATA_DIR/admin.sock,
// which runs the command in-process; with no server there, it takes the socket itself (so no
// server opens the database meanwhile) and opens PGlite.
import path from 'node:path';
import { createInterface } from 'node:readline';
import { EnvError, parseEnv, type Env } from '#server/env.ts';
import { ADMIN_USAGE, parseAdminArgs } from './admin-args.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import {
  EXIT,
  normaliseEmail,
  withNewline,
  type AdminOutput,
  type AdminRequest,
  type ExitCode,
} from './admin-request.ts';
import {
  adminSocketPath,
  DataDirInUseError,
  isAdminSocketListening,
  isCode,
  openAdminSocket,
  sendAdminRequest,
  type AdminSocket,
} from './admin-socket.ts';
import { missingPgliteMessage } from './pglite-presence.ts';

export type AdminCliIo = {
  env: Record<string, string | undefined>;
  cwd: string;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
};

/** A way to run requests: through the server's socket, or on a database opened here. */
type Channel = { run(request: AdminRequest): Promise<AdminOutput>; close(): Promise<void> };
type ChannelResult = { kind: 'ok'; channel: Channel } | { kind: 'failed'; output: AdminOutput };

const failure = (exitCode: ExitCode, message: string): AdminOutput => ({
  exitCode,
  stdout: '',
  stderr: withNewline(message),
});

export async function runAdminCli(argv: readonly string[], io: AdminCliIo): Promise<ExitCode> {
  const print = (output: AdminOutput) => {
    if (output.stdout) io.stdout.write(output.stdout);
    if (output.stderr) io.stderr.write(output.stderr);
    return output.exitCode;
  };
  const parsed = parseAdminArgs(argv, io.cwd);
  if (parsed.kind === 'help') return print({ exitCode: EXIT.ok, stdout: ADMIN_USAGE, stderr: '' });
  if (parsed.kind === 'usage-error') return print(failure(EXIT.usage, parsed.message));
  if (parsed.kind === 'refused') return print(failure(EXIT.refused, parsed.message));

  let env: Env;
  try {
    env = parseEnv(io.env);
  } catch (error) {
    if (error instanceof EnvError) return print(failure(EXIT.database, error.message));
    throw error;
  }
  if (parsed.kind === 'restore') {
    const { restoreFromCli } = await import('./restore-cli.ts');
    return print(await restoreFromCli(env, parsed.dir));
  }
  const opened = await openChannel(env);
  if (opened.kind === 'failed') return print(opened.output);
  const { channel } = opened;
  try {
    const { request } = parsed;
    if (request.command === 'delete-account' && parsed.confirm) {
      const preview = await channel.run({ command: 'delete-preview', email: request.email });
      if (preview.exitCode !== EXIT.ok) return print(preview);
      print(preview);
      const typed = await askLine(io, ADMIN_MESSAGES.confirmPrompt);
      if (typed === null) return print(failure(EXIT.refused, ADMIN_MESSAGES.confirmNeedsInput));
      if (normaliseEmail(typed) !== normaliseEmail(request.email)) {
        return print(failure(EXIT.refused, ADMIN_MESSAGES.confirmMismatch));
      }
    }
    return print(await channel.run(request));
  } finally {
    await channel.close();
  }
}

async function openChannel(env: Env): Promise<ChannelResult> {
  if (env.DATABASE_URL) return directChannel(env, undefined);
  const dataDir = path.resolve(env.DATA_DIR);
  // Twice at most: a server (or another CLI) may take the socket between our two steps.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await isAdminSocketListening(dataDir))
      return { kind: 'ok', channel: socketChannel(dataDir) };
    // Nothing to hold (and maybe no folder to hold it in): said before taking the socket.
    const missing = missingPgliteMessage(dataDir);
    if (missing) return { kind: 'failed', output: failure(EXIT.database, missing) };
    let socket: AdminSocket;
    try {
      socket = await openAdminSocket({ dataDir, role: 'cli' });
    } catch (error) {
      if (error instanceof DataDirInUseError) continue;
      const detail = error instanceof Error ? error.message : String(error);
      return { kind: 'failed', output: failure(EXIT.database, ADMIN_MESSAGES.cannotOpen(detail)) };
    }
    return directChannel(env, socket);
  }
  return { kind: 'failed', output: failure(EXIT.database, ADMIN_MESSAGES.lockedByOther(dataDir)) };
}

/** Requests run by whoever holds the socket: the server, or a busy CLI that says so. */
function socketChannel(dataDir: string): Channel {
  return {
    async run(request) {
      let sent;
      try {
        sent = await sendAdminRequest(dataDir, request);
      } catch (error) {
        if (isCode(error, 'EACCES')) {
          return failure(EXIT.database, ADMIN_MESSAGES.socketForbidden(adminSocketPath(dataDir)));
        }
        const detail = error instanceof Error ? error.message : String(error);
        return failure(EXIT.database, ADMIN_MESSAGES.cannotOpen(detail));
      }
      // It was there a moment ago: it stopped in between.
      if (sent.kind === 'no-listener') return failure(EXIT.database, ADMIN_MESSAGES.serverStopping);
      const { response } = sent;
      switch (response.kind) {
        case 'output':
          return response.output;
        case 'busy':
          return failure(EXIT.database, ADMIN_MESSAGES.busy(dataDir));
        case 'not-ready':
          return failure(EXIT.database, ADMIN_MESSAGES.serverStopping);
        case 'bad-request':
          return failure(EXIT.refused, ADMIN_MESSAGES.badRequest);
      }
    },
    close: () => Promise.resolve(),
  };
}

/** The database opened here; on PGlite `socket` is this process's hold on it. */
async function directChannel(env: Env, socket: AdminSocket | undefined): Promise<ChannelResult> {
  // Loaded only here: help, usage errors and commands the server runs need none of it.
  const [{ openDirect }, { runAdminCommand }] = await Promise.all([
    import('./admin-direct.ts'),
    import('./admin-commands.ts'),
  ]);
  const opened = await openDirect(env);
  if (opened.kind === 'failed') {
    await socket?.close();
    return { kind: 'failed', output: failure(EXIT.database, opened.message) };
  }
  const { connection } = opened;
  return {
    kind: 'ok',
    channel: {
      run: (request) => runAdminCommand(connection.deps, request),
      async close() {
        await connection.close();
        await socket?.close();
      },
    },
  };
}

/** One line typed by the operator; null when the input ends without one (no terminal). */
function askLine(io: AdminCliIo, prompt: string): Promise<string | null> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: io.stdin, terminal: false });
    let answered = false;
    io.stdout.write(prompt);
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      resolve(line);
    });
    lines.once('close', () => {
      if (!answered) {
        io.stdout.write('\n');
        resolve(null);
      }
    });
  });
}
