// pdfjs-dist's legacy build, without what it does to the rest of the process. The build bundles
// core-js, whose polyfills replace built-ins that Node 20 already has when a feature test
// fails: JSON.stringify and JSON.parse (Node 20 has no JSON.rawJSON) and Array.prototype.push
// (a length edge case). Those replacements are JavaScript, several times slower than V8's own,
// and global: after the first scan every JSON answer of the server and every push in every
// library paid for them — a page of 50 invoices took ~2 ms longer to serialise. The worker
// (pdf.worker.mjs, which Node runs in this thread as pdfjs's "fake worker") bundles its own
// copy and would replace them again on the first document, so it is loaded here too and handed
// to pdfjs through `globalThis.pdfjsWorker`, the hook pdfjs looks at before importing it. The
// built-ins are put back once both have run; pdfjs does not use raw JSON or push past
// 2^53 − 1. What core-js adds (Promise.withResolvers, Uint8Array.fromBase64, …) stays.
const natives = {
  stringify: JSON.stringify,
  parse: JSON.parse,
  push: Array.prototype.push,
};

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;

JSON.stringify = natives.stringify;
JSON.parse = natives.parse;
Array.prototype.push = natives.push;

export const { getDocument, VerbosityLevel, AnnotationType } = pdfjs;
