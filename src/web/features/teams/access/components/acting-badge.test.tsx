// Who acts, as the header says it (issue 18): nothing for the account holder.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { ActingBadge } from './acting-badge.tsx';

test('a sub-user: its role icon and name, and the whole sentence for screen readers', () => {
  const html = renderToStaticMarkup(
    <ActingBadge acting={{ kind: 'sub-user', name: 'Rui', role: 'manager', subUserId: 's1' }} />,
  );
  expect(html).toContain('data-role="manager"');
  expect(html).toContain('lucide-shield');
  expect(html).toContain('>Rui</span>');
  expect(html).toContain('A trabalhar como Rui (Gestor)');
});

test("a member: 'a trabalhar em' the account it acts in", () => {
  const html = renderToStaticMarkup(
    <ActingBadge
      acting={{ kind: 'member', name: 'Ana', role: 'user', accountName: 'Padaria Central' }}
    />,
  );
  expect(html).toContain('a trabalhar em Padaria Central');
});

test('the account holder, or a profile not yet known, shows no badge', () => {
  const main = { kind: 'main', name: 'Conta', teamManagement: true } as const;
  expect(renderToStaticMarkup(<ActingBadge acting={main} />)).toBe('');
  expect(renderToStaticMarkup(<ActingBadge acting={undefined} />)).toBe('');
  expect(renderToStaticMarkup(<ActingBadge acting={{ kind: 'pending', name: 'Conta' }} />)).toBe(
    '',
  );
});
