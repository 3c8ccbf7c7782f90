// fetch() cannot report upload progress; XMLHttpRequest can. This is a fetch built on XHR,
// for createApiFetch (which adds the CSRF headers) and the typed client, so a 10 MB photo
// on a phone's connection shows how far it got.

export type UploadProgress = (sent: number, total: number) => void;

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/u)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Answers that by definition have no body; `new Response(blob, …)` throws for them. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function createProgressFetch(onUploadProgress: UploadProgress): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const xhr = new XMLHttpRequest();
      const url = input instanceof Request ? input.url : String(input);
      xhr.open(init.method ?? 'GET', url);
      xhr.responseType = 'blob';
      xhr.withCredentials = init.credentials === 'include';
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onUploadProgress(event.loaded, event.total);
      };
      xhr.onload = () => {
        resolve(
          new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: responseHeaders(xhr),
          }),
        );
      };
      // The same rejection fetch gives, so callers treat both alike.
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(abortError());
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
