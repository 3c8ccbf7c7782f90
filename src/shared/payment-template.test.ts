import { expect, test } from 'vitest';
import {
  fillPaymentTemplate,
  PAYMENT_TEMPLATE_EXAMPLE,
  unknownPlaceholders,
} from './payment-template.ts';
import { emailConfigSchema } from './schemas/email-config.ts';

test('only braces that name no placeholder are unknown, each once', () => {
  expect(unknownPlaceholders('{fornecedor} {numero} {valor} {Data} {valor} { espaço }')).toEqual([
    '{valor}',
    '{Data}',
  ]);
  expect(unknownPlaceholders('Sem marcadores, {} nem chavetas soltas { e }')).toEqual([]);
});

test('placeholders are filled in one pass: a value that looks like one stays as it is', () => {
  const values = { ...PAYMENT_TEMPLATE_EXAMPLE, fornecedor: '{numero}' };
  expect(fillPaymentTemplate('{fornecedor} pagou {numero}', values)).toBe(
    `{numero} pagou ${PAYMENT_TEMPLATE_EXAMPLE.numero}`,
  );
  expect(fillPaymentTemplate('<{fornecedor}>', values, (v) => `[${v}]`)).toBe('<[{numero}]>');
});

test('the settings schema folds blanks to the defaults and line breaks to LF', () => {
  expect(
    emailConfigSchema.parse({
      senderName: '  ',
      replyTo: '',
      bccSelf: false,
      paymentTemplate: 'Olá {fornecedor},\r\n\r\nfatura {numero}.',
    }),
  ).toEqual({
    senderName: null,
    replyTo: null,
    bccSelf: false,
    paymentTemplate: 'Olá {fornecedor},\n\nfatura {numero}.',
  });
});
