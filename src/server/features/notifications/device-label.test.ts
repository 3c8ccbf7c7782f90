import { expect, test } from 'vitest';
import { deviceLabel, UNKNOWN_DEVICE_LABEL } from './device-label.ts';
import { ANDROID_CHROME, IPHONE_SAFARI } from './push-test-helpers.ts';

test('a device is named by its browser and system, from the User-Agent', () => {
  expect(deviceLabel(ANDROID_CHROME)).toBe('Chrome em Android');
  expect(deviceLabel(IPHONE_SAFARI)).toBe('Safari em iPhone');
  expect(
    deviceLabel(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    ),
  ).toBe('Edge em Windows');
  expect(
    deviceLabel(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
    ),
  ).toBe('Firefox em macOS');
  expect(deviceLabel(undefined)).toBe(UNKNOWN_DEVICE_LABEL);
  expect(deviceLabel('curl/8.5')).toBe(UNKNOWN_DEVICE_LABEL);
});
