import { describe, expect, test } from 'vitest';
import { findDuplicate, type DuplicateCandidate } from './find-duplicate.ts';

const candidates: DuplicateCandidate[] = [
  { id: 'a', number: 'FT 2026/15', supplierNif: '509442013', atcud: 'JJ3RTHNB-15' },
  { id: 'b', number: 'FT 2026/150', supplierNif: '509442013', atcud: null },
  { id: 'c', number: 'FT 2026/7', supplierNif: '123456789', atcud: 'ABCDEFGH-7' },
];

describe('findDuplicate', () => {
  test('same NIF and number, whatever the spacing typed around them', () => {
    const match = findDuplicate(candidates, {
      supplierNif: '509 442 013',
      number: ' FT 2026/15 ',
      atcud: '',
    });
    expect(match?.id).toBe('a');
  });

  test('a number that only contains the typed one is not the same invoice', () => {
    expect(
      findDuplicate(candidates, { supplierNif: '509442013', number: 'FT 2026/1', atcud: '' }),
    ).toBeNull();
  });

  test('same NIF and ATCUD under another number', () => {
    const match = findDuplicate(candidates, {
      supplierNif: '123456789',
      number: 'FT 2026/0007',
      atcud: 'ABCDEFGH-7',
    });
    expect(match?.id).toBe('c');
  });

  test('the same number from another supplier is a different invoice', () => {
    expect(
      findDuplicate(candidates, { supplierNif: '999999990', number: 'FT 2026/15', atcud: '' }),
    ).toBeNull();
  });

  test('ATCUD 0 names no series, so it never matches', () => {
    const withZero = [{ id: 'z', number: 'X 1/1', supplierNif: '509442013', atcud: '0' }];
    expect(
      findDuplicate(withZero, { supplierNif: '509442013', number: 'X 1/2', atcud: '0' }),
    ).toBeNull();
  });
});
