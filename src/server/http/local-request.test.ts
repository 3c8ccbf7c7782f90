import { expect, test } from 'vitest';
import { isLoopbackAddress } from './local-request.ts';

test('loopback is 127.0.0.0/8 and ::1, in any spelling', () => {
  for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) {
    expect(isLoopbackAddress(address), address).toBe(true);
  }
  for (const address of ['128.0.0.1', '10.0.0.1', '::2', '::ffff:10.0.0.1', 'localhost', '']) {
    expect(isLoopbackAddress(address), address).toBe(false);
  }
});
