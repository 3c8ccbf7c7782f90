// `npm run admin -- <command>`: the operator's CLI (DESIGN.md contract 7, ADR 018). The commands
// live in src/server/admin; `npm run admin -- help` lists them.
import { runAdminCli } from '#server/admin/admin-cli.ts';

const code = await runAdminCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
// Explicit: a database driver or a stdin listener must not keep a finished command alive.
process.exit(code);
