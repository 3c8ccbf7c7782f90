import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  findSuspiciousFields,
  isSuspiciousInput,
  isValidFileName,
  sanitizeEmail,
  sanitizeFileName,
  sanitizeNif,
  sanitizeObject,
  sanitizePhone,
  sanitizeText,
  sanitizeUrl,
} from './sanitize.ts';

const XSS_CORPUS: ReadonlyArray<readonly [string, string]> = [
  ['<script>alert(1)</script>', ''],
  ['<SCRIPT type="text/javascript">alert(document.cookie)</SCRIPT>Olá', 'Olá'],
  ['<img src=x onerror=alert(1)>', ''],
  ['<img src=x onerror=alert(1)', 'img src=x alert(1)'],
  ['javascript:alert(1)', 'alert(1)'],
  ['JaVaScRiPt:alert(1)', 'alert(1)'],
  ['java\tscript:alert(1)', 'alert(1)'],
  ['vbscript:msgbox(1)', 'msgbox(1)'],
  ['data:text/html;base64,PHNjcmlwdD4=', ';base64,PHNjcmlwdD4='],
  ['" onmouseover="x', 'x'],
  ["' onfocus='alert(1)' autofocus='", 'alert(1) autofocus='],
  ['<a href="javascript:alert(1)" onclick="x()">Clique</a>', 'Clique'],
  ['<<script>script>alert(1)<</script>/script>', ''],
  ['<scr<script>ipt>alert(1)</scr</script>ipt>', ''],
  ['<div><p><b>Fatura</b> paga</p></div>', 'Fatura paga'],
  ['<style>body{display:none}</style>Texto', 'Texto'],
  ['<svg/onload=alert(1)>', ''],
  ['jav&#x09;ascript:alert(1)', 'alert(1)'],
  ['javascript&colon;alert(1)', 'alert(1)'],
  ['&lt;script&gt;alert(1)&lt;/script&gt;', ''],
  ['&#60;img src=x onerror=alert(1)&#62;', ''],
  ['javajavascript:script:alert(1)', 'alert(1)'],
  ['on<b></b>error=alert(1)', 'alert(1)'],
  ['<!-- comentário -->visível', 'visível'],
];

test.each(XSS_CORPUS)('sanitizeText makes %j inert', (payload, expected) => {
  const out = sanitizeText(payload);
  expect(out).toBe(expected);
  expect(out).not.toMatch(/[<>"'`]/);
  expect(out).not.toMatch(/javascript\s*:|vbscript\s*:|on[a-z]+\s*=/i);
});

test('sanitizeText keeps Portuguese text, ordinals and the euro sign as they are', () => {
  const texts = [
    'Ação de formação em São João da Madeira',
    'Pão, limões e café — 2.º andar, 1.ª via',
    'Nº 123/2024 · Total: 45,90 €',
    'Açúcar, maçã, coração, não, avó, Évora, Óbidos, órgão, põe',
    'Observações: entregar até às 18h (urgente!)',
    'Condições de pagamento: 30 dias',
  ];
  for (const text of texts) expect(sanitizeText(text)).toBe(text);
});

test('sanitizeText strips quotes as the spec says, so an apostrophe in a name goes too', () => {
  expect(sanitizeText("Maria D'Almeida")).toBe('Maria DAlmeida');
  expect(sanitizeText('Maria D’Almeida')).toBe('Maria D’Almeida');
  expect(sanitizeText('Restaurante "O Pátio"')).toBe('Restaurante O Pátio');
});

test('sanitizeText keeps an ampersand that is not an entity', () => {
  expect(sanitizeText('Silva & Filhos, Lda.')).toBe('Silva & Filhos, Lda.');
});

test('sanitizeText keeps comparison words but drops lone angle brackets', () => {
  expect(sanitizeText('5 < 6 e 7 > 3')).toBe('5 6 e 7 3');
});

test('sanitizeText collapses whitespace, trims and removes control characters', () => {
  expect(sanitizeText('  Fatura \n\n\t de   março  ')).toBe('Fatura de março');
  expect(sanitizeText('Fa\u0000tu\u0007ra')).toBe('Fatura');
  expect(sanitizeText('a\u00a0\u00a0b')).toBe('a b');
});

test('sanitizeText cuts at 1000 by default and at maxLength when given', () => {
  expect(sanitizeText('a'.repeat(1500))).toHaveLength(1000);
  expect(sanitizeText('abcdef', 3)).toBe('abc');
  expect(sanitizeText('abc def', 4)).toBe('abc');
  expect(sanitizeText('abc', 0)).toBe('');
});

test('sanitizeText never leaves half of an emoji at the cut', () => {
  expect(sanitizeText('ab😀', 3)).toBe('ab');
  expect(sanitizeText('ab😀', 4)).toBe('ab😀');
});

test('sanitizeText output never holds an angle bracket or exceeds maxLength', () => {
  const hostile = fc.constantFrom(
    '<',
    '>',
    '"',
    "'",
    'script',
    'javascript:',
    'on',
    'click',
    '=',
    ' ',
    'ã',
    '\t',
    'a',
  );
  const input = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.array(hostile, { maxLength: 80 }).map((parts) => parts.join('')),
  );
  fc.assert(
    fc.property(input, fc.integer({ min: 1, max: 1200 }), (value, maxLength) => {
      const out = sanitizeText(value, maxLength);
      expect(out).not.toMatch(/[<>]/);
      expect(out.length).toBeLessThanOrEqual(maxLength);
      expect(out).not.toMatch(/javascript[\t\n\r]*:|\bon[a-z]+\s*=/i);
    }),
    { numRuns: 500 },
  );
});

test('sanitizeText is idempotent', () => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 200 }),
      fc.integer({ min: 1, max: 300 }),
      (value, maxLength) => {
        const once = sanitizeText(value, maxLength);
        expect(sanitizeText(once, maxLength)).toBe(once);
      },
    ),
    { numRuns: 300 },
  );
});

test('sanitizeText neutralises input nested deeper than the removal rounds', () => {
  const nested = `${'java'.repeat(12)}script:${'script:'.repeat(11)}alert(1)`;
  const out = sanitizeText(nested);
  expect(out).not.toMatch(/javascript:/i);
  expect(out).not.toContain(':');
});

test('sanitizeEmail trims and lowercases', () => {
  expect(sanitizeEmail('  Ana.Silva@Exemplo.PT ')).toBe('ana.silva@exemplo.pt');
});

test('sanitizeNif keeps exactly nine digits once spaces are removed, else empty', () => {
  expect(sanitizeNif('123 456 789')).toBe('123456789');
  expect(sanitizeNif(' 501964843 ')).toBe('501964843');
  expect(sanitizeNif('12345678')).toBe('');
  expect(sanitizeNif('1234567890')).toBe('');
  expect(sanitizeNif('PT123456789')).toBe('');
  expect(sanitizeNif('123-456-789')).toBe('');
  expect(sanitizeNif('')).toBe('');
});

test('sanitizePhone keeps digits, spaces, hyphens, parentheses and plus', () => {
  expect(sanitizePhone('+351 (21) 123-4567')).toBe('+351 (21) 123-4567');
  expect(sanitizePhone('912 345 678 <b>ext.</b>9')).toBe('912 345 678 9');
  expect(sanitizePhone('tel: 912345678')).toBe('912345678');
});

test('sanitizeUrl accepts http and https only', () => {
  expect(sanitizeUrl('https://papelada.pt/faturas?x=1')).toBe('https://papelada.pt/faturas?x=1');
  expect(sanitizeUrl(' http://exemplo.pt ')).toBe('http://exemplo.pt/');
  for (const url of [
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'data:text/html,x',
    'ftp://x.pt',
    'file:///etc/passwd',
    '/relativo',
    'não é url',
    '',
  ]) {
    expect(sanitizeUrl(url)).toBeNull();
  }
});

test('sanitizeFileName drops reserved and control characters', () => {
  expect(sanitizeFileName('fatura<1>:"a"|b?*.pdf')).toBe('fatura1ab.pdf');
  expect(sanitizeFileName('fa\u0000tu\u001fra.pdf')).toBe('fatura.pdf');
  expect(sanitizeFileName('Fatura março nº 12.pdf')).toBe('Fatura março nº 12.pdf');
});

test('sanitizeFileName leaves no path traversal, hidden file or empty dot name', () => {
  expect(sanitizeFileName('../../etc/passwd')).toBe('etcpasswd');
  expect(sanitizeFileName('..\\..\\windows\\win.ini')).toBe('windowswin.ini');
  expect(sanitizeFileName('.htaccess')).toBe('htaccess');
  expect(sanitizeFileName('..')).toBe('');
  expect(sanitizeFileName('.')).toBe('');
  expect(sanitizeFileName('  fatura.pdf.  ')).toBe('fatura.pdf');
  expect(sanitizeFileName('CON.txt')).toBe('_CON.txt');
  expect(sanitizeFileName('console.txt')).toBe('console.txt');
});

test('sanitizeFileName cuts at 255 keeping the extension', () => {
  const cut = sanitizeFileName(`${'a'.repeat(300)}.pdf`);
  expect(cut).toHaveLength(255);
  expect(cut.endsWith('.pdf')).toBe(true);
  expect(sanitizeFileName(`${'a'.repeat(251)}.pdf`)).toHaveLength(255);
  const noExtension = sanitizeFileName('b'.repeat(300));
  expect(noExtension).toBe('b'.repeat(255));
  const longTail = sanitizeFileName(`x.${'c'.repeat(300)}`);
  expect(longTail).toHaveLength(255);
});

test('sanitizeFileName output is always valid or empty, and at most 255 long', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 400 }), (name) => {
      const out = sanitizeFileName(name);
      expect(out.length).toBeLessThanOrEqual(255);
      expect(out === '' || isValidFileName(out)).toBe(true);
    }),
    { numRuns: 300 },
  );
});

test('isValidFileName accepts ordinary names and refuses the rest', () => {
  expect(isValidFileName('fatura-2024-03.pdf')).toBe(true);
  expect(isValidFileName('Recibo água março.jpg')).toBe(true);
  for (const name of ['', '.env', 'a/b.pdf', 'a:b.pdf', 'x'.repeat(256), 'fatura.pdf ', 'nul']) {
    expect(isValidFileName(name)).toBe(false);
  }
});

test('isSuspiciousInput spots a script tag or a javascript: scheme, and nothing else', () => {
  for (const value of [
    '<script>alert(1)</script>',
    '< SCRIPT src=x>',
    'javascript:void(0)',
    'JAVA\nSCRIPT:x',
  ]) {
    expect(isSuspiciousInput(value)).toBe(true);
  }
  for (const value of [
    'Fatura de março',
    'manuscript: nota',
    'java script',
    42,
    null,
    { a: '<script>' },
  ]) {
    expect(isSuspiciousInput(value)).toBe(false);
  }
});

test('findSuspiciousFields names the fields to log', () => {
  expect(
    findSuspiciousFields({ nome: '<script>x</script>', email: 'a@b.pt', url: 'javascript:x' }),
  ).toEqual(['nome', 'url']);
});

test('sanitizeObject applies one rule per field and drops fields it was not told about', () => {
  const form = {
    nome_completo: '  <b>Ana</b>   Silva ',
    email: ' Ana@Exemplo.PT',
    nif_particular: '123 456 789',
    telefone: '+351 912 345 678',
    site: 'javascript:alert(1)',
    nota: 'abcdefgh',
    is_admin: 'true',
  };
  const out = sanitizeObject(form, {
    nome_completo: 'text',
    email: 'email',
    nif_particular: 'nif',
    telefone: 'phone',
    site: 'url',
    nota: { kind: 'text', maxLength: 3 },
    anexo: 'fileName',
  });
  expect(out).toEqual({
    nome_completo: 'Ana Silva',
    email: 'ana@exemplo.pt',
    nif_particular: '123456789',
    telefone: '+351 912 345 678',
    site: null,
    nota: 'abc',
    anexo: null,
  });
});
