// Requests as the signed-in web client sends them, any method (the CMV screen uses PUT).
import { TEST_CSRF_TOKEN, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';

export type JsonApi = {
  get(path: string): Promise<Response>;
  send(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<Response>;
};

export function jsonApi(t: TestApp, cookie: string): JsonApi {
  return {
    get: async (path) => t.app.request(path, { headers: { cookie } }),
    send: async (method, path, body) =>
      t.app.request(path, {
        method,
        headers: {
          cookie,
          origin: TEST_ORIGIN,
          'x-csrf-token': TEST_CSRF_TOKEN,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}
