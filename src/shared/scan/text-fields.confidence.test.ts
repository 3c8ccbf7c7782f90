// What a field's confidence means (issue 14): at or above CONFIDENCE_THRESHOLD the value is
// labelled, passes its checks and has no rival, and the review form fills it silently;
// below it the value was guessed from the layout or is one of several, and the form asks
// the person to check it.
import { expect, test } from 'vitest';
import { CONFIDENCE_THRESHOLD } from './found.ts';
import { extractInvoiceFields } from './text-fields.ts';

const REQUIRED = ['issuerNif', 'issueDate', 'documentNumber', 'total'] as const;

// A 2019 till receipt, no QR and no ATCUD, every required field behind its label.
const LABELLED_RECEIPT = `CAFÉ PASTELARIA ESTRELA
Rua Direita, 45 - 3500-123 Viseu
Contribuinte N.º PT 508 123 453
Fatura Simplificada N.º FS 1/2345
Data: 04-09-2019 Hora: 09:12
1 Galão 1,10
2 Pastel de nata 2,20
TOTAL 3,30 €
Multibanco 3,30
IVA incluído à taxa de 23%
Obrigado pela preferência`;

// The same receipt with its labels lost to a crumpled photo: values read, whose is guessed.
const UNLABELLED_RECEIPT = `CAFÉ PASTELARIA ESTRELA
Rua Direita, 45 - 3500-123 Viseu
508 123 453
FS 1/2345
04-09-2019 09:12
1 Galão 1,10
2 Pastel de nata 2,20
3,30 €
Obrigado pela preferência`;

test('a labelled receipt gives every required field at or above the threshold', () => {
  const { fields, confidence } = extractInvoiceFields(LABELLED_RECEIPT);
  expect(fields).toMatchObject({
    issuerNif: '508123453',
    issueDate: '2019-09-04',
    documentNumber: 'FS 1/2345',
    total: 3.3,
  });
  for (const field of REQUIRED) {
    expect(confidence[field], field).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
  }
});

test('the same receipt without its labels gives the values, each below the threshold', () => {
  const { fields, confidence } = extractInvoiceFields(UNLABELLED_RECEIPT);
  expect(fields).toMatchObject({
    issuerNif: '508123453',
    issueDate: '2019-09-04',
    documentNumber: 'FS 1/2345',
    total: 3.3,
  });
  for (const field of REQUIRED) {
    expect(confidence[field], field).toBeLessThan(CONFIDENCE_THRESHOLD);
  }
});

test('rival readings of a field bring it below the threshold', () => {
  const text = LABELLED_RECEIPT.replace('PT 508 123 453', '$&\nNIF: 512345678')
    .replace('Data: 04-09-2019', '$&\nData: 05-09-2019')
    .replace('Fatura Simplificada N.º FS 1/2345', '$&\nFatura Simplificada N.º FS 1/2346')
    .replace('TOTAL 3,30 €', '$&\nTOTAL 4,30 €');
  const { confidence } = extractInvoiceFields(text);
  for (const field of REQUIRED) {
    expect(confidence[field], field).toBeLessThan(CONFIDENCE_THRESHOLD);
  }
});

test('words the OCR was unsure of bring a labelled value below the threshold', () => {
  const words = [
    { text: 'PT', confidence: 0.95 },
    { text: '508', confidence: 0.3 },
    { text: '123', confidence: 0.4 },
    { text: '453', confidence: 0.35 },
  ];
  const { confidence } = extractInvoiceFields(LABELLED_RECEIPT, { words });
  expect(confidence.issuerNif).toBeLessThan(CONFIDENCE_THRESHOLD);
});
