import { afterEach, beforeEach, vi } from 'vitest';

// A console.error in a test is a failure (STYLE.md "Tests"). Tests that expect one
// replace the spy's implementation themselves.
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  errorSpy?.mockRestore();
});
