// The scan pipeline loaded on first use: pdfjs-dist, the OCR models (onnxruntime) and zxing-wasm take most of
// a second to import, which neither the app's start nor an API test that never scans should
// pay. The OCR workers start later still, on the first OCR (ocr.ts).
import type { Logger } from '#server/logger.ts';
import type { Scanner } from '#server/services/scan/scanner.ts';

export function createLazyScanner(options: { logger?: Logger } = {}): Scanner {
  let loading: Promise<Scanner> | undefined;
  let closed = false;
  const scanner = () =>
    (loading ??= import('#server/services/scan/scanner.ts').then(({ createScanner }) =>
      createScanner(options),
    ));
  return {
    async scan(bytes, scanOptions) {
      return (await scanner()).scan(bytes, scanOptions);
    },
    async scanAndKeep(bytes, scanOptions) {
      return (await scanner()).scanAndKeep(bytes, scanOptions);
    },
    async prepare() {
      await (await scanner()).prepare();
    },
    async close() {
      if (closed) return;
      closed = true;
      if (loading) await (await loading).close();
    },
  };
}
