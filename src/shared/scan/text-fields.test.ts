import { describe, expect, test } from 'vitest';
import { computeNifCheckDigit } from '../nif.ts';
import { extractInvoiceFields } from './text-fields.ts';

const nif = (firstEight: string) => `${firstEight}${computeNifCheckDigit(firstEight)}`;
const SELLER = nif('50987654'); // 509876544
const BUYER = nif('50211223'); // 502112239
const PERSON = nif('24567891'); // 245678913

// What tesseract gives for a supermarket receipt: blank lines between blocks, no columns.
const RECEIPT = `Mercearia Conceição & Filhos, Lda.
Rua da Conceição, 123
1100-152 Lisboa
Tel. 213 456 789
NIF: 509 876 544

Fatura Simplificada
FS 2026A/1542
Data: 21/11/2026
Hora: 18:32 Caixa 3 Op. 0042
Contribuinte: Consumidor final

Pão de centeio
2 x 1,85 6% 3,70
Detergente roupa
1 x 12,99 23% 12,99

TOTAL 44,20 €
Taxa Base IVA
IVA 6% 22,51 1,35
IVA 13% 8,41 1,09
IVA 23% 11,97 2,46
Total IVA 4,90

Pagamento: Multibanco 44,20 €
ATCUD: JFZ4PTHN-1542
mWUp-Processado por programa certificado n.º 0177/AT`;

// The PDF text layer of an A4 invoice: two columns joined by three spaces.
const COMPANY_PDF = `Construções Gonçalves & Irmão, S.A.
Zona Industrial da Maia, Lote 12   Fatura
4470-122 Maia   Documento FT 2026/311
geral@goncalves-irmao.pt   Data do documento: 21.11.2026
NIPC 511 345 674   Vencimento: 21.12.2026
Requisição: RQ 2026/0045
Original
Cliente
Papelada Testes Unipessoal, Lda.
Rua Augusta, 100
1100-053 Lisboa
NIF: ${BUYER}
Descrição   Qtd.   Preço unit.   IVA   Valor
Cimento Portland 25 kg (saco)   120   6,75   23%   810,00
Varão de aço A500 12 mm (ton)   3   895,00   23%   2.685,00
Taxa   Incidência   IVA   Total ilíquido 6.994,00 €
IVA 23% 6.994,00 1.608,62   Total IVA   1.608,62 €
Total EUR 8.602,62 €
ATCUD: JJJCR94W-311
pNaK-Processado por programa certificado n.º 1287/AT
IBAN PT50 0035 0000 1234 5678 9015 4`;

describe('extractInvoiceFields on whole invoices', () => {
  test('reads every field of a clean receipt', () => {
    const { fields, confidence } = extractInvoiceFields(RECEIPT);
    expect(fields).toEqual({
      issuerNif: SELLER,
      documentType: 'FS',
      issueDate: '2026-11-21',
      documentNumber: 'FS 2026A/1542',
      atcud: 'JFZ4PTHN-1542',
      total: 44.2,
      vat: 4.9,
      supplierName: 'Mercearia Conceição & Filhos, Lda.',
    });
    for (const value of Object.values(confidence)) {
      expect(value).toBeGreaterThan(0.6);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  test('reads a two-column PDF text layer and keeps the issuer apart from the buyer', () => {
    const { fields } = extractInvoiceFields(COMPANY_PDF);
    expect(fields).toEqual({
      issuerNif: '511345674',
      buyerNif: BUYER,
      documentType: 'FT',
      issueDate: '2026-11-21',
      documentNumber: 'FT 2026/311',
      atcud: 'JJJCR94W-311',
      total: 8602.62,
      vat: 1608.62,
      supplierName: 'Construções Gonçalves & Irmão, S.A.',
    });
  });

  test('survives the usual OCR misreads in numbers (O/0, l/1, S/5, B/8)', () => {
    const noisy = RECEIPT.replace('NIF: 509 876 544', 'NIF: 5O9 B76 S44')
      .replace('Data: 21/11/2026', 'Data: 2l/11/2O26')
      .replace('TOTAL 44,20 €', 'TOTAL 44,2O €')
      .replace('ATCUD: JFZ4PTHN-1542', 'ATCUD: JFZ4PTHN-l542')
      .replace('FS 2026A/1542', 'FS 2026A/l542');
    const { fields, confidence } = extractInvoiceFields(noisy);
    expect(fields.issuerNif).toBe(SELLER);
    expect(fields.issueDate).toBe('2026-11-21');
    expect(fields.total).toBe(44.2);
    expect(fields.atcud).toBe('JFZ4PTHN-1542');
    expect(fields.documentNumber).toBe('FS 2026A/1542');
    // A value that needed repairs is less certain than the same value read cleanly.
    expect(confidence.issuerNif).toBeLessThan(extractInvoiceFields(RECEIPT).confidence.issuerNif!);
  });

  test('gives nothing for text that is not an invoice', () => {
    const { fields, confidence } = extractInvoiceFields(
      'Querida avó,\nas férias correram bem.\nBeijinhos, Ana',
    );
    expect(fields).toEqual({});
    expect(confidence).toEqual({});
  });

  test('gives nothing for empty text', () => {
    expect(extractInvoiceFields('')).toEqual({ fields: {}, confidence: {} });
  });
});

describe('issuer and buyer NIF', () => {
  test('a NIF in the customer block is the buyer, even when it comes first', () => {
    const text = `Exmo.(s) Sr.(s)
João Conceição Antunes
Rua do Poço, 7
NIF: ${PERSON}

Energia do Atlântico, S.A.
Contribuinte n.º ${SELLER}
Fatura n.º FT 2026E/88123`;
    const { fields } = extractInvoiceFields(text);
    expect(fields.issuerNif).toBe(SELLER);
    expect(fields.buyerNif).toBe(PERSON);
    expect(fields.supplierName).toBe('Energia do Atlântico, S.A.');
  });

  test('"NIF do cliente" on the same line marks the buyer', () => {
    const text = `Oficina Lda\nNIF ${SELLER}\nNIF do cliente: ${BUYER}`;
    const { fields } = extractInvoiceFields(text);
    expect(fields.issuerNif).toBe(SELLER);
    expect(fields.buyerNif).toBe(BUYER);
  });

  test('999999990 is the consumidor final, never the issuer', () => {
    const text = `Café Central\nNIF: 999999990\nContribuinte ${SELLER}`;
    const { fields } = extractInvoiceFields(text);
    expect(fields.issuerNif).toBe(SELLER);
    expect(fields.buyerNif).toBe('999999990');
  });

  test('a nine-digit phone number with a valid check digit is not a NIF', () => {
    const phone = nif('21345678');
    const text = `Tasca do Zé\nTel.: ${phone}\nNIF ${SELLER}`;
    expect(extractInvoiceFields(text).fields.issuerNif).toBe(SELLER);
    expect(extractInvoiceFields(`Tasca do Zé\nTelefone ${phone}`).fields.issuerNif).toBeUndefined();
  });

  test('a NIF with a wrong check digit is ignored', () => {
    expect(extractInvoiceFields('NIF: 509876543').fields.issuerNif).toBeUndefined();
  });

  test('accepts PT prefixes, dots and a label on the line above', () => {
    expect(extractInvoiceFields(`NIF: PT${SELLER}`).fields.issuerNif).toBe(SELLER);
    expect(extractInvoiceFields('N.I.F. 509.876.544').fields.issuerNif).toBe(SELLER);
    const above = extractInvoiceFields(`N.º Contribuinte\n${SELLER}`);
    expect(above.fields.issuerNif).toBe(SELLER);
    expect(above.confidence.issuerNif).toBeGreaterThanOrEqual(0.8);
  });

  test('an unlabelled NIF is found with less confidence than a labelled one', () => {
    const bare = extractInvoiceFields(`Loja X\n${SELLER}`).confidence.issuerNif!;
    const labelled = extractInvoiceFields(`Loja X\nNIF ${SELLER}`).confidence.issuerNif!;
    expect(bare).toBeLessThan(labelled);
  });

  test('an IBAN or a long reference number holds no NIF', () => {
    const text = 'IBAN PT50 0035 0000 1234 5678 9015 4\nReceita n.º 2011000054321';
    expect(extractInvoiceFields(text).fields.issuerNif).toBeUndefined();
  });
});

describe('document type, number and ATCUD', () => {
  test.each([
    ['Fatura n.º FT A/123', 'FT', 'FT A/123'],
    ['FATURA-RECIBO\nN.º FR 2026/4521', 'FR', 'FR 2026/4521'],
    ['Fatura Recibo FR FR2026/7', 'FR', 'FR FR2026/7'],
    ['Fatura Simplificada FS 437251001/115666', 'FS', 'FS 437251001/115666'],
    ['Nota de Crédito\nNota de crédito n.º NC A/17', 'NC', 'NC A/17'],
    ['NOTA DE DÉBITO ND 2026/3', 'ND', 'ND 2026/3'],
    ['Factura nº FTR 0100324/14570', 'FT', 'FTR 0100324/14570'],
    ['Documento: FT 01P2022/1', 'FT', 'FT 01P2022/1'],
  ])('%j → %s %s', (text, type, number) => {
    const { fields } = extractInvoiceFields(text);
    expect(fields.documentType).toBe(type);
    expect(fields.documentNumber).toBe(number);
  });

  test('the number of a referenced invoice or a purchase order is not the document number', () => {
    const text = `Nota de Crédito
Requisição: RQ 2026/0045
Referente à fatura FT A/1204 de 02/11/2026
Nota de crédito n.º NC A/17
Data de emissão 21/11/2026`;
    const { fields } = extractInvoiceFields(text);
    expect(fields.documentType).toBe('NC');
    expect(fields.documentNumber).toBe('NC A/17');
    expect(fields.issueDate).toBe('2026-11-21');
  });

  test('the ATCUD sequence picks the right number among several', () => {
    const text = `Encomenda EN 2026/88\nGuia GT 2026/12\nFT 2026/311\nATCUD: JJJCR94W-311`;
    const { fields, confidence } = extractInvoiceFields(text);
    expect(fields.documentNumber).toBe('FT 2026/311');
    expect(fields.atcud).toBe('JJJCR94W-311');
    expect(confidence.atcud).toBeGreaterThanOrEqual(0.9);
  });

  test.each([
    ['ATCUD: ABCD1234-123', 'ABCD1234-123'],
    ['ATCUD:ABCD1234-123', 'ABCD1234-123'],
    ['ATCUD ABCD1234 - 123', 'ABCD1234-123'],
    ['ATCUD: 0', '0'],
    ['AT CUD: CSDF7T5H-0035', 'CSDF7T5H-0035'],
  ])('reads %j', (text, atcud) => {
    expect(extractInvoiceFields(text).fields.atcud).toBe(atcud);
  });

  test('an ATCUD whose sequence disagrees with the number is less certain', () => {
    const agree = extractInvoiceFields('Fatura FT A/7\nATCUD: ABCD1234-7').confidence.atcud!;
    const disagree = extractInvoiceFields('Fatura FT A/7\nATCUD: ABCD1234-8').confidence.atcud!;
    expect(disagree).toBeLessThan(agree);
  });

  test('a mention of "fatura" in running text is not the title', () => {
    const text = `Nota de Débito ND 1/5\nAdira à fatura eletrónica na área de cliente.`;
    expect(extractInvoiceFields(text).fields.documentType).toBe('ND');
  });

  test('without a title the number prefix gives the type', () => {
    const { fields, confidence } = extractInvoiceFields('Doc. NC A/17\nTotal 10,00 €');
    expect(fields.documentType).toBe('NC');
    expect(confidence.documentType).toBeLessThan(0.9);
  });
});

describe('issue date', () => {
  test.each([
    ['Data de emissão: 21 de novembro de 2026', '2026-11-21'],
    ['Data: 21/11/2026', '2026-11-21'],
    ['Data 05-10-2026', '2026-10-05'],
    ['Data do documento: 21.11.2026', '2026-11-21'],
    ['Emitida em 2026-11-21', '2026-11-21'],
    ['Data 3 mar. 2026', '2026-03-03'],
    ['DATA EMISSÃO 01/02/26', '2026-02-01'],
  ])('%j → %s', (text, date) => {
    expect(extractInvoiceFields(text).fields.issueDate).toBe(date);
  });

  test('due dates, billing periods and meter readings lose to the issue date', () => {
    const text = `Período de faturação: 19/10/2026 a 18/11/2026
Data de vencimento: 12/12/2026
Data de emissão: 21 de novembro de 2026
Leitura em 18/11/2026`;
    const { fields, confidence } = extractInvoiceFields(text);
    expect(fields.issueDate).toBe('2026-11-21');
    expect(confidence.issueDate).toBeGreaterThanOrEqual(0.9);
  });

  test('the label may sit on the line above the date', () => {
    expect(extractInvoiceFields('Data de emissão\n21/11/2026').fields.issueDate).toBe('2026-11-21');
  });

  test('only a due date gives no issue date', () => {
    expect(
      extractInvoiceFields('Data limite de pagamento: 12/12/2026').fields.issueDate,
    ).toBeUndefined();
  });

  test('an impossible date is not a date', () => {
    expect(extractInvoiceFields('Data: 31/02/2026').fields.issueDate).toBeUndefined();
  });

  test('an unlabelled date is a weak guess', () => {
    const { fields, confidence } = extractInvoiceFields('Loja X\n21/11/2026 18:32');
    expect(fields.issueDate).toBe('2026-11-21');
    expect(confidence.issueDate).toBeLessThan(0.7);
  });
});

describe('total and VAT', () => {
  test.each([
    ['Total a pagar 1.234,56 €', 1234.56],
    ['Total (EUR) 58,90', 58.9],
    ['TOTAL EUR 12.345,67', 12345.67],
    ['Total do documento: 61,50 €', 61.5],
    ['Total 47.83 EUR', 47.83],
    ['Valor a pagar: 9,99€', 9.99],
    ['Total a pagar\n1.130,79 €', 1130.79],
    ['Total do documento -61,50 €', 61.5],
  ])('%j → %s', (text, total) => {
    expect(extractInvoiceFields(text).fields.total).toBe(total);
  });

  test('subtotals, net totals and VAT totals are not the total', () => {
    const text = `Subtotal 100,00
Total ilíquido 100,00 €
Total IVA 23,00 €
Total s/ IVA 100,00
Total a pagar 123,00 €`;
    const { fields } = extractInvoiceFields(text);
    expect(fields.total).toBe(123);
    expect(fields.vat).toBe(23);
  });

  test('several VAT rows are added up when there is no VAT total', () => {
    const text = `IVA 6% 22,51 1,35
IVA 13% 8,41 1,09
IVA 23% 11,97 2,75
Total 49,08 €`;
    const { fields, confidence } = extractInvoiceFields(text);
    expect(fields.vat).toBe(5.19);
    expect(confidence.vat).toBeGreaterThan(0.5);
  });

  test('a VAT total that agrees with its rows is surer than one that does not', () => {
    const rows = 'IVA 6% 40,85 2,45\nIVA 23% 884,14 203,35\n';
    const agrees = extractInvoiceFields(`${rows}Total IVA 205,80 €`).confidence.vat!;
    const disagrees = extractInvoiceFields(`${rows}Total IVA 250,80 €`).confidence.vat!;
    expect(agrees).toBeGreaterThan(disagrees);
  });

  test('a table header running into "Total ilíquido" is not a VAT label', () => {
    const text = `Taxa Incidência IVA Total ilíquido 273,55 €
IVA 23% 273,55 62,92 Total IVA 62,92 €
Total a pagar 336,47 €`;
    const { fields } = extractInvoiceFields(text);
    expect(fields.vat).toBe(62.92);
    expect(fields.total).toBe(336.47);
  });

  test('item rows with a rate are not VAT rows', () => {
    const text = 'Energia ativa 200 0,19 6% 38,00\nTotal 38,00';
    expect(extractInvoiceFields(text).fields.vat).toBeUndefined();
  });

  test('without any total label the largest euro amount is a weak guess', () => {
    const { fields, confidence } = extractInvoiceFields('Café 0,90 €\nTosta 3,50 €');
    expect(fields.total).toBe(3.5);
    expect(confidence.total).toBeLessThan(0.5);
  });

  test('a quantity before a price is not a thousands group', () => {
    expect(extractInvoiceFields('Filtro 1 135,00\nTotal 135,00').fields.total).toBe(135);
  });
});

describe('supplier name', () => {
  test('joins a company form printed on its own line to the name above', () => {
    const text = `Tasca do João\nUnipessoal, Lda.\nLargo do Chafariz, 4\nNIF ${SELLER}`;
    expect(extractInvoiceFields(text).fields.supplierName).toBe('Tasca do João Unipessoal, Lda.');
  });

  test('skips titles, addresses and the buyer block', () => {
    const text = `ORIGINAL
Fatura
Cliente: Papelada Testes Unipessoal, Lda.
Rua Augusta, 100
Farmácia Central de Braga, Lda.
NIF: ${SELLER}`;
    expect(extractInvoiceFields(text).fields.supplierName).toBe('Farmácia Central de Braga, Lda.');
  });

  test('without a company form the first name-like line is a weak guess', () => {
    const { fields, confidence } = extractInvoiceFields(
      `Fatura\nPastelaria Bela Vista\nRua Nova, 2\n1000-001 Lisboa`,
    );
    expect(fields.supplierName).toBe('Pastelaria Bela Vista');
    expect(confidence.supplierName).toBeLessThan(0.6);
  });
});

describe('OCR word confidences', () => {
  test('badly read words lower the confidence of the values made of them', () => {
    const text = `Loja Lda\nNIF ${SELLER}\nTotal 10,00 €`;
    const sure = extractInvoiceFields(text, {
      words: [
        { text: 'NIF', confidence: 0.95 },
        { text: SELLER, confidence: 0.96 },
        { text: '10,00', confidence: 0.95 },
      ],
    });
    const unsure = extractInvoiceFields(text, {
      words: [
        { text: 'NIF', confidence: 0.95 },
        { text: SELLER, confidence: 0.2 },
        { text: '10,00', confidence: 0.95 },
      ],
    });
    expect(unsure.fields).toEqual(sure.fields);
    expect(unsure.confidence.issuerNif).toBeLessThan(sure.confidence.issuerNif!);
    expect(unsure.confidence.total).toBe(sure.confidence.total);
  });
});
