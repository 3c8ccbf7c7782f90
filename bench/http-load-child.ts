// The child process of bench/http-load.ts: runs the timed request loops it is sent and
// answers with the latencies. Timed requests go through node:http on keep-alive sockets, the
// lightest client Node has, so that the load generator takes as little as it can of the
// cores it shares with the server and the database.
import http from 'node:http';
import { loadCommandSchema, type LoadCommand, type LoadReply } from './http-load.ts';
import { measureConcurrent, measureSerial } from './stats.ts';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One GET, its body read to the end (not decompressed: that is the browser's work). */
function requestOnce(url: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      if (response.statusCode === 200) {
        response.on('end', resolve).on('error', reject).resume();
        return;
      }
      const chunks: Buffer[] = [];
      response
        .on('data', (chunk: Buffer) => chunks.push(chunk))
        .on('error', reject)
        .on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, 200);
          reject(new Error(`${url} answered ${response.statusCode}: ${text}`));
        });
    });
    request.on('error', reject);
  });
}

async function execute(command: LoadCommand): Promise<unknown> {
  const { url, headers } = command.request;
  switch (command.kind) {
    case 'once': {
      // fetch decompresses, so the parent sees the JSON as the web client parses it.
      const response = await fetch(url, { headers });
      return {
        status: response.status,
        contentEncoding: response.headers.get('content-encoding'),
        body: await response.text(),
      };
    }
    case 'serial': {
      const start = performance.now();
      const samples = await measureSerial(() => requestOnce(url, headers), command.options);
      return { samples, wallMs: performance.now() - start };
    }
    case 'concurrent':
      return measureConcurrent(() => requestOnce(url, headers), command.options);
  }
}

async function run(command: LoadCommand): Promise<LoadReply> {
  try {
    return { id: command.id, ok: true, result: await execute(command) };
  } catch (error) {
    const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
    return { id: command.id, ok: false, error: `${String(error)}${cause}` };
  }
}

const send = process.send?.bind(process);
if (!send) throw new Error('bench/http-load-child.ts runs only as a child of bench/http-load.ts');
process.on('message', (message) => {
  void run(loadCommandSchema.parse(message)).then((reply) => send(reply));
});
