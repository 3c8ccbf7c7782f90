// autocannon 9 ships no types. The subset bench/load-mix-generator.ts uses, as its README and
// lib/run.js, lib/httpClient.js and lib/requestIterator.js define it.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    /** Per connection; reset to a copy of `initialContext` before each pass over `requests`. */
    export type Context = Record<string, unknown>;

    export type Request = {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer | undefined;
      /** Called as the request is built (just before it is sent); returns what to send. */
      setupRequest?: (request: Request, context: Context) => Request;
      /** Called with each response, before the connection's next request is built. */
      onResponse?: (
        status: number,
        body: string,
        context: Context,
        headers: Record<string, string | string[]>,
      ) => void;
    };

    /**
     * One connection. Emits 'request' as each request is written (including the first,
     * during construction, after `setupClient`), 'response' (status, bytes, ms) with its
     * answer, 'timeout' when none came within `timeout` (then it reconnects), 'connError'.
     */
    export type Client = EventEmitter & { requestIterator: { context: Context } };

    export type Options = {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds without a response before the request counts as a timeout (default 10). */
      timeout?: number;
      pipelining?: number;
      requests?: Request[];
      setupClient?: (client: Client) => void;
    };

    export type Result = {
      /** Seconds, two decimals. */
      duration: number;
      totalCompletedRequests: number;
      totalRequests: number;
      /** Connection errors, timeouts included. */
      errors: number;
      timeouts: number;
      non2xx: number;
      mismatches: number;
      resets: number;
      statusCodeStats: Record<string, { count: number }>;
    };

    /** Emits 'response' (client, status, bytes, ms) for every answer of every connection. */
    export type Instance = EventEmitter & { stop(): void };
  }

  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  // The package's CommonJS `module.exports`, which `import autocannon from` reads.
  export = autocannon;
}
