// `npm run dev`: Vite with HMR on :5173 (proxying /api) and the API on :3000, reloaded
// by tsx watch when server files change.
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

console.log(
  '\nPapelada (desenvolvimento): abra http://localhost:5173 — API em http://localhost:3000\n',
);

let exiting = false;
function shutdown(code: number) {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => shutdown(code ?? 0));
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
