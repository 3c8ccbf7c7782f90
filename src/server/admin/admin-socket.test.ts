// DATA_DIR/admin.sock: the one hold on the embedded database, and the server's door for
// admin commands (ADR 018).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { AdminRequest } from './admin-request.ts';
import {
  adminSocketPath,
  DataDirInUseError,
  isAdminSocketListening,
  openAdminSocket,
  sendAdminRequest,
  type AdminSocket,
} from './admin-socket.ts';

let dataDir: string;
const opened: AdminSocket[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'papelada-sock-'));
});

afterEach(async () => {
  for (const socket of opened.splice(0)) await socket.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function open(role: 'server' | 'cli') {
  const socket = await openAdminSocket({ dataDir, role });
  opened.push(socket);
  return socket;
}

const accounts: AdminRequest = { command: 'accounts', json: false };

test('one process holds the socket: a second is refused until the first closes it', async () => {
  const first = await open('server');
  expect(first.path).toBe(path.join(dataDir, 'admin.sock'));
  expect(statSync(first.path).mode & 0o777).toBe(0o600);
  await expect(openAdminSocket({ dataDir, role: 'cli' })).rejects.toBeInstanceOf(DataDirInUseError);

  await first.close();
  opened.splice(0);
  expect(existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
  expect(await isAdminSocketListening(dataDir)).toBe(false);
  await open('cli');
  expect(await isAdminSocketListening(dataDir)).toBe(true);
});

test('a socket left by a killed process is taken over', async () => {
  const socketPath = adminSocketPath(dataDir);
  const script = `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`;
  await new Promise((resolve) => spawn(process.execPath, ['-e', script]).on('exit', resolve));
  expect(statSync(socketPath).isSocket()).toBe(true);
  expect(await isAdminSocketListening(dataDir)).toBe(false);

  const socket = await open('server');
  expect(await isAdminSocketListening(dataDir)).toBe(true);
  expect(socket.path).toBe(socketPath);
});

test('the server answers not-ready until it serves, then runs the request', async () => {
  const socket = await open('server');
  expect(await sendAdminRequest(dataDir, accounts)).toEqual({
    kind: 'answered',
    response: { kind: 'not-ready' },
  });
  const seen: AdminRequest[] = [];
  socket.serve((request) => {
    seen.push(request);
    return Promise.resolve({ exitCode: 0, stdout: 'feito\n', stderr: '' });
  });
  expect(await sendAdminRequest(dataDir, accounts)).toEqual({
    kind: 'answered',
    response: { kind: 'output', output: { exitCode: 0, stdout: 'feito\n', stderr: '' } },
  });
  expect(seen).toEqual([accounts]);
  socket.serve(undefined);
  expect(await sendAdminRequest(dataDir, accounts)).toMatchObject({
    response: { kind: 'not-ready' },
  });
});

test('a CLI holding the database answers busy; nobody listening is no-listener', async () => {
  expect(await sendAdminRequest(dataDir, accounts)).toEqual({ kind: 'no-listener' });
  await open('cli');
  expect(await sendAdminRequest(dataDir, accounts)).toEqual({
    kind: 'answered',
    response: { kind: 'busy' },
  });
});

test('a request that is not one of the commands is refused without running', async () => {
  const socket = await open('server');
  let ran = false;
  socket.serve(() => {
    ran = true;
    return Promise.resolve({ exitCode: 0, stdout: '', stderr: '' });
  });
  for (const line of [
    'não é JSON',
    '{"command":"drop-database"}',
    '{"command":"set-plan","email":"a@b.pt","plan":"ouro","until":null}',
  ]) {
    const answer = await new Promise<string>((resolve) => {
      const connection = net.connect(socket.path, () => connection.write(`${line}\n`));
      let text = '';
      connection.on('data', (chunk) => (text += chunk.toString()));
      connection.on('end', () => resolve(text));
    });
    expect(JSON.parse(answer)).toEqual({ kind: 'bad-request' });
  }
  expect(ran).toBe(false);
});

test('under a DATA_DIR too long for a socket address, the socket lives in the temporary folder', () => {
  const longDir = path.join('/srv', 'dados'.repeat(25));
  const socketPath = adminSocketPath(longDir);
  expect(path.dirname(socketPath)).toBe(tmpdir());
  expect(path.basename(socketPath)).toMatch(/^papelada-admin-[0-9a-f]{16}\.sock$/);
  expect(adminSocketPath(`${longDir}/`)).toBe(socketPath);
  expect(adminSocketPath(`${longDir}x`)).not.toBe(socketPath);
});
