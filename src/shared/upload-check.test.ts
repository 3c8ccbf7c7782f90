import { expect, test } from 'vitest';
import {
  ALLOWED_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_CHECK_MESSAGES,
  checkUpload,
  hasExecutableExtension,
} from './upload-check.ts';

const pdf = { name: 'fatura-2024-03.pdf', size: 120_000, type: 'application/pdf' };

test('a 10 MB upload passes and one byte more does not', () => {
  expect(MAX_UPLOAD_BYTES).toBe(10_485_760);
  expect(checkUpload({ ...pdf, size: 10_485_760 })).toEqual({ ok: true });
  expect(checkUpload({ ...pdf, size: 10_485_761 })).toEqual({
    ok: false,
    code: 'FILE_TOO_LARGE',
    message: 'O ficheiro é demasiado grande. O tamanho máximo é 10 MB.',
    severity: 'low',
  });
});

test('an empty or sizeless file is refused', () => {
  for (const size of [0, -1, Number.NaN]) {
    expect(checkUpload({ ...pdf, size })).toMatchObject({ ok: false, code: 'EMPTY_FILE' });
  }
  expect(checkUpload({ ...pdf, size: Number.POSITIVE_INFINITY })).toMatchObject({
    code: 'FILE_TOO_LARGE',
  });
});

test.each(ALLOWED_UPLOAD_TYPES)('%s is an allowed type', (type) => {
  expect(checkUpload({ name: 'documento.bin2', size: 10, type })).toEqual({ ok: true });
});

test('types are compared without case or parameters', () => {
  expect(checkUpload({ name: 'lista.csv', size: 10, type: 'Text/CSV; charset=utf-8' })).toEqual({
    ok: true,
  });
});

test('any other type is refused with a medium severity', () => {
  for (const type of ['image/svg+xml', 'text/html', 'application/zip', 'image/avif', '', 'image']) {
    expect(checkUpload({ name: 'ficheiro.dat', size: 10, type })).toEqual({
      ok: false,
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: UPLOAD_CHECK_MESSAGES.FILE_TYPE_NOT_ALLOWED,
      severity: 'medium',
    });
  }
});

test('an invalid file name is refused with a medium severity', () => {
  for (const name of [
    '',
    '.pdf',
    '../fatura.pdf',
    'fatura:1.pdf',
    'a<b>.pdf',
    `${'a'.repeat(260)}.pdf`,
  ]) {
    expect(checkUpload({ ...pdf, name })).toEqual({
      ok: false,
      code: 'INVALID_FILE_NAME',
      message: 'Nome de ficheiro inválido. Mude o nome do ficheiro e tente novamente.',
      severity: 'medium',
    });
  }
});

test.each([
  'fatura.pdf.exe',
  'fatura.exe.pdf',
  'script.js',
  'correr.bat',
  'correr.cmd',
  'instalar.sh',
  'setup.msi',
  'ecra.scr',
  'tarefa.ps1',
  'macro.vbs',
  'app.jar',
  'programa.com',
  'biblioteca.dll',
  'aplicacao.apk',
  'FATURA.PDF.EXE',
  'fatura.exe ',
  'fatura.exe.',
  'pagina.html',
])('%j is flagged as an executable with high severity', (name) => {
  expect(hasExecutableExtension(name)).toBe(true);
  expect(checkUpload({ ...pdf, name })).toEqual({
    ok: false,
    code: 'EXECUTABLE_FILE',
    message: 'Ficheiros executáveis não são permitidos.',
    severity: 'high',
  });
});

test('an executable wins over every other problem', () => {
  const result = checkUpload({
    name: '../virus.exe',
    size: 99_999_999,
    type: 'application/x-msdownload',
  });
  expect(result).toMatchObject({ code: 'EXECUTABLE_FILE', severity: 'high' });
});

test('names that merely contain an executable word are not executables', () => {
  for (const name of [
    'exe.pdf',
    'comprovativo.pdf',
    'execucao.jpg',
    'js-notas.txt',
    'shopping.png',
  ]) {
    expect(hasExecutableExtension(name)).toBe(false);
  }
  expect(checkUpload({ name: 'comprovativo.pdf', size: 10, type: 'application/pdf' })).toEqual({
    ok: true,
  });
});

test('every message is pt-PT and non-empty', () => {
  for (const message of Object.values(UPLOAD_CHECK_MESSAGES)) {
    expect(message).toMatch(/ficheiro/i);
  }
});
