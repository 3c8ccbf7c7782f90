// DATA_DIR/admin.sock (ADR 018). Embedded PGlite can be opened by one process only, and does
// not lock its files itself: a second opener corrupts it. So whichever process opens the
// on-disk database — the server or the admin CLI — first listens on this Unix socket, and a
// second one finds it taken. The server also answers admin requests on it, running them in
// its own process (its database, its event bus), which is how `npm run admin` works while the
// server runs. A socket left by a killed process refuses connections and is replaced.
import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '#server/logger.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { adminRequestSchema, EXIT, type AdminOutput, type AdminRequest } from './admin-request.ts';

export const ADMIN_SOCKET_FILE = 'admin.sock';
/** sun_path holds 108 bytes on Linux and 104 on macOS, the terminating NUL included. */
const MAX_SOCKET_PATH_BYTES = 103;
const MAX_REQUEST_BYTES = 64 * 1024;
/** A client that connects and sends nothing is dropped; a running command has no limit. */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * DATA_DIR/admin.sock; under a long DATA_DIR, where that path would not fit a socket address,
 * a name in the temporary folder derived from the DATA_DIR (the same in server and CLI).
 */
export function adminSocketPath(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  const inDataDir = path.join(resolved, ADMIN_SOCKET_FILE);
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH_BYTES) return inDataDir;
  const id = createHash('sha256').update(resolved).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `papelada-admin-${id}.sock`);
}

/** What the holder of the socket answers. */
export const adminResponseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('output'),
    output: z.object({
      exitCode: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
      stdout: z.string(),
      stderr: z.string(),
    }),
  }),
  /** Another admin CLI holds the database for a command of its own. */
  z.object({ kind: z.literal('busy') }),
  /** The server is migrating or shutting down: its database is not ready for commands. */
  z.object({ kind: z.literal('not-ready') }),
  z.object({ kind: z.literal('bad-request') }),
]);
export type AdminResponse = z.infer<typeof adminResponseSchema>;

export type AdminRunner = (request: AdminRequest) => Promise<AdminOutput>;

export type AdminSocket = {
  path: string;
  /** Starts (a runner) or stops (undefined) running requests; until then they are refused. */
  serve(runner: AdminRunner | undefined): void;
  /** Stops listening and removes the socket file. */
  close(): Promise<void>;
};

export class DataDirInUseError extends Error {
  constructor(readonly socketPath: string) {
    super(
      `A base de dados PGlite desta pasta de dados já está aberta por outro processo ` +
        `(um servidor do Papelada ou um comando de administração): ${socketPath} responde. ` +
        'Pare esse processo antes de iniciar outro.',
    );
    this.name = 'DataDirInUseError';
  }
}

export type OpenAdminSocketOptions = {
  dataDir: string;
  logger?: Logger;
  /** The CLI's hold on the database answers every request with 'busy'. */
  role: 'server' | 'cli';
};

/** Listens on the admin socket, or throws DataDirInUseError while a live process holds it. */
export async function openAdminSocket(options: OpenAdminSocketOptions): Promise<AdminSocket> {
  const socketPath = adminSocketPath(options.dataDir);
  let runner: AdminRunner | undefined;
  const connections = new Set<net.Socket>();
  const server = net.createServer((connection) => {
    connections.add(connection);
    connection.once('close', () => connections.delete(connection));
    handleConnection(connection, () => (options.role === 'cli' ? 'busy' : runner), options.logger);
  });
  try {
    await listen(server, socketPath);
  } catch (error) {
    if (!isCode(error, 'EADDRINUSE')) throw error;
    if (await answers(socketPath)) throw new DataDirInUseError(socketPath);
    // Left by a process that is gone. Only ever a socket: another kind of file stays.
    if (!lstatSync(socketPath).isSocket()) throw error;
    unlinkSync(socketPath);
    await listen(server, socketPath);
  }
  return {
    path: socketPath,
    serve(next) {
      runner = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        runner = undefined;
        // Node removes the socket file once the server has closed, which waits for its
        // connections: by now the database is closed, so nothing they wait for will come.
        server.close(() => resolve());
        for (const connection of connections) connection.destroy();
      }),
  };
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    // bind() runs inside listen(), so the socket is created owner-only (0600) from its first
    // moment; the umask is the process's, and is restored before anything else can run.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        server.off('error', onError);
        chmodSync(socketPath, 0o600);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
}

function handleConnection(
  connection: net.Socket,
  currentRunner: () => AdminRunner | 'busy' | undefined,
  logger: Logger | undefined,
) {
  const reply = (response: AdminResponse) => connection.end(`${JSON.stringify(response)}\n`);
  let buffered = '';
  let received = false;
  connection.setEncoding('utf8');
  connection.setTimeout(REQUEST_TIMEOUT_MS, () => {
    if (!received) connection.destroy();
  });
  connection.on('error', () => {});
  connection.on('data', (chunk: string) => {
    if (received) return;
    buffered += chunk;
    const newline = buffered.indexOf('\n');
    if (newline < 0) {
      if (buffered.length > MAX_REQUEST_BYTES) {
        received = true;
        reply({ kind: 'bad-request' });
      }
      return;
    }
    received = true;
    connection.setTimeout(0);
    const runner = currentRunner();
    if (runner === 'busy') return reply({ kind: 'busy' });
    if (!runner) return reply({ kind: 'not-ready' });
    const request = parseRequest(buffered.slice(0, newline));
    if (!request) return reply({ kind: 'bad-request' });
    // The operator's actions, in the server's log.
    logger?.info(
      { command: request.command, email: 'email' in request ? request.email : undefined },
      'admin command',
    );
    void runner(request).then(
      (output) => reply({ kind: 'output', output }),
      (error: unknown) => {
        logger?.error({ err: error, command: request.command }, 'admin command failed');
        const detail = error instanceof Error ? error.message : String(error);
        reply({
          kind: 'output',
          output: {
            exitCode: EXIT.refused,
            stdout: '',
            stderr: `${ADMIN_MESSAGES.commandFailed(detail)}\n`,
          },
        });
      },
    );
  });
}

function parseRequest(line: string): AdminRequest | null {
  try {
    const parsed = adminRequestSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether a process (a server, or a CLI at work) holds the admin socket of `dataDir`. */
export function isAdminSocketListening(dataDir: string): Promise<boolean> {
  return answers(adminSocketPath(dataDir));
}

/**
 * Whether a live process may listen at `socketPath`. Only a refused connection (a file left by
 * a dead process) or no file at all says no: a socket we may not connect to (another user's
 * server) is taken, never replaced.
 */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', (error) =>
      resolve(!isCode(error, 'ECONNREFUSED') && !isCode(error, 'ENOENT')),
    );
  });
}

export type SendResult = { kind: 'answered'; response: AdminResponse } | { kind: 'no-listener' };

/** Sends one request to whoever holds the socket; 'no-listener' when nobody does. */
export function sendAdminRequest(dataDir: string, request: AdminRequest): Promise<SendResult> {
  const socketPath = adminSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const connection = net.connect(socketPath);
    let connected = false;
    let answer = '';
    connection.setEncoding('utf8');
    connection.once('connect', () => {
      connected = true;
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.once('error', (error) => {
      if (!connected && (isCode(error, 'ENOENT') || isCode(error, 'ECONNREFUSED'))) {
        resolve({ kind: 'no-listener' });
      } else reject(error);
    });
    connection.once('end', () => {
      try {
        resolve({ kind: 'answered', response: adminResponseSchema.parse(JSON.parse(answer)) });
      } catch {
        reject(new Error(`resposta inválida em ${socketPath}`));
      }
    });
  });
}

export function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
