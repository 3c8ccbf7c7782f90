import { describe, expect, test } from 'vitest';
import { formatCents } from '#shared/money.ts';
import {
  SUPPLIER_MESSAGES,
  isValidTimeZone,
  nifWarning,
  setsSpendingLimit,
  supplierFormDefaults,
  supplierFormSchema,
  supplierFormToInput,
  supplierInputSchema,
  supplierToFormValues,
  type SupplierFormValues,
  type SupplierInput,
} from './supplier.ts';

type Issues = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issuesOf = (result: Issues) =>
  result.success
    ? []
    : (result.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? []);

const minimal = { name: 'Padaria Central', nif: '501964843' } satisfies SupplierInput;

describe('supplierInputSchema', () => {
  test('a minimal supplier gets the defaults: no limit, mensal, renewing, in Lisbon', () => {
    expect(supplierInputSchema.parse(minimal)).toEqual({
      name: 'Padaria Central',
      nif: '501964843',
      category: null,
      mainCategory: null,
      email: null,
      phone: null,
      notifyByEmail: false,
      sendCopy: false,
      customTemplate: null,
      tags: [],
      limit: {
        amountCents: null,
        active: false,
        period: 'mensal',
        start: null,
        end: null,
        autoRenew: true,
        resetDay: null,
        timezone: 'Europe/Lisbon',
      },
    });
  });

  test('every field is kept, trimmed and normalised', () => {
    const parsed = supplierInputSchema.parse({
      name: '  Ginásio Forma  ',
      nif: 'PT 501 964 843',
      category: ' Saúde e Bem-estar ',
      mainCategory: 'Poupanca',
      email: ' Geral@Ginasio.PT ',
      phone: ' +351 912 345 678 ',
      notifyByEmail: true,
      sendCopy: true,
      customTemplate: '  Olá {{fornecedor}}  ',
      tags: [{ name: ' Mensal ', color: 'teal' }, { name: 'Casa' }],
      limit: {
        amountCents: 5000,
        active: true,
        period: 'mensal',
        resetDay: 15,
        autoRenew: false,
        timezone: 'atlantic/azores',
      },
    });
    expect(parsed).toEqual({
      name: 'Ginásio Forma',
      nif: '501964843',
      category: 'Saúde e Bem-estar',
      mainCategory: 'Poupanca',
      email: 'geral@ginasio.pt',
      phone: '+351 912 345 678',
      notifyByEmail: true,
      sendCopy: true,
      customTemplate: 'Olá {{fornecedor}}',
      tags: [{ name: 'Mensal', color: 'teal' }, { name: 'Casa' }],
      limit: {
        amountCents: 5000,
        active: true,
        period: 'mensal',
        start: null,
        end: null,
        autoRenew: false,
        resetDay: 15,
        timezone: 'Atlantic/Azores',
      },
    });
  });

  test.each([
    [{ name: '   ' }, 'name', 'Nome é obrigatório'],
    [{ name: undefined }, 'name', 'Nome é obrigatório'],
    [{ name: 'x'.repeat(201) }, 'name', 'Nome deve ter no máximo 200 caracteres'],
    [{ nif: '12345678' }, 'nif', 'NIF deve ter 9 caracteres'],
    [{ nif: '1234567890' }, 'nif', 'NIF deve ter 9 caracteres'],
    [{ nif: '12345678a' }, 'nif', 'NIF deve ter 9 caracteres'],
    [{ email: 'não-é-email' }, 'email', 'Email inválido'],
    [{ category: 'x'.repeat(51) }, 'category', 'Categoria deve ter no máximo 50 caracteres'],
    [{ mainCategory: 'Investimento' }, 'mainCategory', 'Categoria principal inválida'],
    [
      { customTemplate: 'x'.repeat(5001) },
      'customTemplate',
      'O modelo personalizado deve ter no máximo 5000 caracteres',
    ],
    [{ phone: '12' }, 'phone', SUPPLIER_MESSAGES.phoneInvalid],
  ] as const)('%o is refused at %s with "%s"', (override, path, message) => {
    expect(issuesOf(supplierInputSchema.safeParse({ ...minimal, ...override }))).toEqual([
      { path, message },
    ]);
  });

  test('a NIF with a wrong check digit is refused; the form warns as it is typed', () => {
    const refused = supplierInputSchema.safeParse({ ...minimal, nif: '123456780' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto',
    ]);
    expect(nifWarning('123456780')).toBe('O dígito de controlo do NIF não é válido.');
    expect(nifWarning('123 456 780')).toBe('O dígito de controlo do NIF não é válido.');
    expect(nifWarning('501964843')).toBeNull();
    expect(nifWarning('12345')).toBeNull();
    expect(nifWarning('')).toBeNull();
  });

  test('an empty email and phone become null', () => {
    const parsed = supplierInputSchema.parse({ ...minimal, email: '  ', phone: '' });
    expect([parsed.email, parsed.phone]).toEqual([null, null]);
  });

  test('tags: at most ten, names of 1 to 30 characters, one of the ten colours, no repeats', () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `t${i}` }));
    expect(supplierInputSchema.safeParse({ ...minimal, tags: tags(10) }).success).toBe(true);
    expect(issuesOf(supplierInputSchema.safeParse({ ...minimal, tags: tags(11) }))).toEqual([
      { path: 'tags', message: 'Máximo 10 etiquetas por fornecedor' },
    ]);
    expect(
      issuesOf(
        supplierInputSchema.safeParse({
          ...minimal,
          tags: [{ name: ' ' }, { name: 'x'.repeat(31) }, { name: 'ok', color: 'black' }],
        }),
      ),
    ).toEqual([
      { path: 'tags.0.name', message: 'Nome da etiqueta é obrigatório' },
      { path: 'tags.1.name', message: 'Etiqueta deve ter no máximo 30 caracteres' },
      { path: 'tags.2.color', message: 'Cor da etiqueta inválida' },
    ]);
    expect(
      issuesOf(
        supplierInputSchema.safeParse({
          ...minimal,
          tags: [{ name: 'Urgente' }, { name: 'Casa' }, { name: ' urgênte ' }],
        }),
      ),
    ).toEqual([{ path: 'tags.2.name', message: 'Já existe uma etiqueta com este nome' }]);
  });

  test.each([
    [{ amountCents: -1 }, 'limit.amountCents', 'Limite de despesa deve ser um número válido'],
    [{ amountCents: 10.5 }, 'limit.amountCents', 'Limite de despesa deve ser um número válido'],
    [
      { amountCents: Number.NaN },
      'limit.amountCents',
      'Limite de despesa deve ser um número válido',
    ],
    [{ amountCents: '100' }, 'limit.amountCents', 'Limite de despesa deve ser um número válido'],
    [{ period: 'anual' }, 'limit.period', 'Período do limite inválido'],
    [{ resetDay: 0 }, 'limit.resetDay', 'O dia de renovação deve estar entre 1 e 31'],
    [{ resetDay: 32 }, 'limit.resetDay', 'O dia de renovação deve estar entre 1 e 31'],
    [{ resetDay: 1.5 }, 'limit.resetDay', 'O dia de renovação deve estar entre 1 e 31'],
    [{ timezone: 'Europe/Atlantis' }, 'limit.timezone', 'Fuso horário inválido'],
    [{ timezone: '+01:00' }, 'limit.timezone', 'Fuso horário inválido'],
    [
      { period: 'personalizado' },
      'limit.start',
      'Indique a data de início do período personalizado',
    ],
    [{ period: 'personalizado', start: '2026-02-30' }, 'limit.start', 'Data de início inválida'],
    [
      { period: 'personalizado', start: '2026-03-01', end: '01/04/2026' },
      'limit.end',
      'Data de fim inválida',
    ],
    [
      { period: 'personalizado', start: '2026-03-10', end: '2026-03-09' },
      'limit.end',
      'A data de fim deve ser posterior à data de início',
    ],
  ] as const)('limit %o is refused at %s with "%s"', (limit, path, message) => {
    expect(issuesOf(supplierInputSchema.safeParse({ ...minimal, limit }))).toEqual([
      { path, message },
    ]);
  });

  test('every reset day from 1 to 31 and a one-day custom period are accepted', () => {
    for (let day = 1; day <= 31; day++) {
      expect(
        supplierInputSchema.parse({ ...minimal, limit: { resetDay: day } }).limit.resetDay,
      ).toBe(day);
    }
    const oneDay = { period: 'personalizado', start: '2026-03-10', end: '2026-03-10' } as const;
    expect(supplierInputSchema.parse({ ...minimal, limit: oneDay }).limit).toMatchObject(oneDay);
  });

  test('dates belong to personalizado and the reset day to mensal; nothing stale is stored', () => {
    const limit = { start: '2026-03-01', end: '2026-03-31', resetDay: 10 };
    expect(supplierInputSchema.parse({ ...minimal, limit }).limit).toMatchObject({
      start: null,
      end: null,
      resetDay: 10,
    });
    expect(
      supplierInputSchema.parse({ ...minimal, limit: { ...limit, period: 'semanal' } }).limit,
    ).toMatchObject({ start: null, end: null, resetDay: null });
    expect(
      supplierInputSchema.parse({ ...minimal, limit: { ...limit, period: 'personalizado' } }).limit,
    ).toMatchObject({ start: '2026-03-01', end: '2026-03-31', resetDay: null });
  });

  test('a body sets a spending limit when the limit is active or has a positive amount', () => {
    expect(setsSpendingLimit({ active: false, amountCents: null })).toBe(false);
    expect(setsSpendingLimit({ active: false, amountCents: 0 })).toBe(false);
    expect(setsSpendingLimit({ active: true, amountCents: null })).toBe(true);
    expect(setsSpendingLimit({ active: false, amountCents: 1 })).toBe(true);
  });

  test('time zones are IANA names the platform knows', () => {
    expect(
      ['Europe/Lisbon', 'Atlantic/Madeira', 'UTC', 'America/Sao_Paulo'].map(isValidTimeZone),
    ).toEqual([true, true, true, true]);
    expect(['', 'Lisboa', 'Europe/Nowhere', 'GMT+1', '../etc'].map(isValidTimeZone)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

const filled: SupplierFormValues = {
  ...supplierFormDefaults,
  name: 'Ginásio Forma',
  nif: '501 964 843',
  email: 'geral@ginasio.pt',
  tags: [{ name: 'Mensal', color: 'teal' }],
  limit: { ...supplierFormDefaults.limit, amount: '1.234,56', active: true, resetDay: '15' },
};

describe('supplier form', () => {
  test('the defaults: mensal, renewing automatically, in Lisbon, no category', () => {
    expect(supplierFormDefaults.category).toBeNull();
    expect(supplierFormDefaults.limit).toMatchObject({
      period: 'mensal',
      autoRenew: true,
      timezone: 'Europe/Lisbon',
      amount: '',
      active: false,
    });
  });

  test('the amount is typed the Portuguese way and sent in cents', () => {
    const cases: Array<[string, number | null]> = [
      ['', null],
      ['150', 15000],
      ['1.234,56', 123456],
      ['1234,5', 123450],
      ['1234,56 €', 123456],
      ['0', 0],
    ];
    for (const [amount, cents] of cases) {
      const values = { ...filled, limit: { ...filled.limit, amount } };
      expect(supplierFormSchema.parse(values).limit.amountCents).toBe(cents);
    }
  });

  test('a typed amount that is not one gets the spec message on the amount field', () => {
    for (const amount of ['abc', '12,345', '-5', '1,2,3']) {
      const values = { ...filled, limit: { ...filled.limit, amount } };
      expect(issuesOf(supplierFormSchema.safeParse(values))).toEqual([
        { path: 'limit.amount', message: 'Limite de despesa deve ser um número válido' },
      ]);
    }
  });

  test('the form shows every problem at once, on its own fields', () => {
    const values: SupplierFormValues = {
      ...supplierFormDefaults,
      nif: '1234',
      email: 'x@',
      limit: { ...supplierFormDefaults.limit, period: 'personalizado', resetDay: '40' },
    };
    expect(issuesOf(supplierFormSchema.safeParse(values))).toEqual([
      { path: 'name', message: 'Nome é obrigatório' },
      { path: 'nif', message: 'NIF deve ter 9 caracteres' },
      { path: 'email', message: 'Email inválido' },
      { path: 'limit.resetDay', message: 'O dia de renovação deve estar entre 1 e 31' },
      { path: 'limit.start', message: 'Indique a data de início do período personalizado' },
    ]);
    const custom = {
      ...filled,
      limit: { ...filled.limit, period: 'personalizado', start: '', end: '' },
    } satisfies SupplierFormValues;
    expect(issuesOf(supplierFormSchema.safeParse(custom))).toEqual([
      { path: 'limit.start', message: 'Indique a data de início do período personalizado' },
    ]);
  });

  test('the form outputs the API body the server parses the same way', () => {
    const output = supplierFormSchema.parse(filled);
    expect(output).toEqual(supplierInputSchema.parse(supplierFormToInput(filled)));
    expect(output).toMatchObject({
      nif: '501964843',
      email: 'geral@ginasio.pt',
      limit: { amountCents: 123456, active: true, resetDay: 15 },
    });
    expect(supplierInputSchema.parse(output)).toEqual(output);
  });

  test('a stored supplier opens in the form and saves back unchanged', () => {
    const stored = {
      ...supplierInputSchema.parse({
        ...minimal,
        category: 'Casa e Serviços',
        mainCategory: 'Poupanca',
        phone: '912345678',
        customTemplate: 'Obrigado',
        tags: [{ name: 'Casa', color: 'blue' }, { name: 'Sem cor' }],
        limit: {
          amountCents: 1_234_567,
          active: true,
          period: 'personalizado',
          start: '2026-01-01',
          end: '2026-03-31',
          autoRenew: false,
          timezone: 'Atlantic/Azores',
        },
      }),
    };
    const values = supplierToFormValues(stored);
    expect(values.limit).toMatchObject({
      amount: formatCents(1_234_567),
      start: '2026-01-01',
      end: '2026-03-31',
      resetDay: '',
    });
    expect(values.email).toBe('');
    expect(supplierFormSchema.parse(values)).toEqual(stored);
  });
});

test('a limit, body or tag that is not an object is refused, not read', () => {
  const minimalSupplier = { name: 'Padaria Central', nif: '501964843' };
  for (const input of [null, [], 'x', { ...minimalSupplier, limit: null }]) {
    expect(supplierInputSchema.safeParse(input).success).toBe(false);
  }
  expect(supplierInputSchema.safeParse({ ...minimalSupplier, tags: [null] }).success).toBe(false);
});
