// Run as a child process by src/server/services/scan/pdfjs.test.ts: scans the given files with
// the real scanner and prints, as JSON, the built-in functions that were replaced meanwhile.
// A child process: the test runner's own workers may already have loaded the scan pipeline.
import { readFileSync } from 'node:fs';

const watched: Record<string, object> = {
  JSON,
  Object,
  Array,
  'Array.prototype': Array.prototype,
  'String.prototype': String.prototype,
  Promise,
  'Promise.prototype': Promise.prototype,
  'Map.prototype': Map.prototype,
  'Set.prototype': Set.prototype,
  Math,
  Number,
  'Uint8Array.prototype': Uint8Array.prototype,
  'RegExp.prototype': RegExp.prototype,
};

function builtins(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [name, owner] of Object.entries(watched)) {
    for (const key of Reflect.ownKeys(owner)) {
      const value = Object.getOwnPropertyDescriptor(owner, key)?.value;
      if (typeof value === 'function') found.set(`${name}.${String(key)}`, value);
    }
  }
  return found;
}

const before = builtins();
const { createScanner } = await import('#server/services/scan/scanner.ts');
const scanner = createScanner();
try {
  for (const file of process.argv.slice(2)) await scanner.scan(new Uint8Array(readFileSync(file)));
} finally {
  await scanner.close();
}
const after = builtins();
const replaced = [...before].filter(([key, value]) => after.get(key) !== value).map(([k]) => k);
process.stdout.write(JSON.stringify(replaced));
