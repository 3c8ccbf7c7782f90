import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { checkScanInput, detectScanKind, MAX_SCAN_BYTES } from './input-check.ts';
import {
  activePdf,
  HEIC_PHOTO_SIZE,
  heicPhoto,
  pdfOpeningAtPage,
  storedZip,
} from './hostile-test-files.ts';
import { SCAN_ERROR_MESSAGES } from './scan-result.ts';
import { plainJpeg, pngClaiming } from './scan-test-helpers.ts';

const text = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

async function codeOf(bytes: Uint8Array, fileName?: string) {
  const result = await checkScanInput(bytes, { fileName });
  return result.ok ? `ok:${result.kind}` : result.error.code;
}

describe('accepted files', () => {
  test('JPEG, PNG, WebP and GIF photos pass with their kind and size', async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } });
    for (const [format, bytes] of [
      ['jpeg', await base.clone().jpeg().toBuffer()],
      ['png', await base.clone().png().toBuffer()],
      ['webp', await base.clone().webp().toBuffer()],
      ['gif', await base.clone().gif().toBuffer()],
    ] as const) {
      expect(await checkScanInput(bytes, { fileName: `fatura.${format}` }), format).toEqual({
        ok: true,
        kind: format,
        width: 40,
        height: 30,
      });
    }
  });

  test('an iPhone HEIC photo passes as heic, an AVIF as heif (sharp decodes AVIF itself)', async () => {
    expect(await checkScanInput(heicPhoto(), { fileName: 'IMG_0001.HEIC' })).toEqual({
      ok: true,
      kind: 'heic',
      ...HEIC_PHOTO_SIZE,
    });
    const avif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .avif()
      .toBuffer();
    expect(await codeOf(avif)).toBe('ok:heif');
  });

  test('photos and PDFs with ordinary metadata are not mistaken for polyglots', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Fatura</dc:title></rdf:Description></rdf:RDF></x:xmpmeta>';
    const jpeg = await sharp(await plainJpeg())
      .withXmp(xmp)
      .jpeg()
      .toBuffer();
    expect(jpeg.includes('x:xmpmeta')).toBe(true);
    expect(await codeOf(jpeg)).toBe('ok:jpeg');
    expect(await codeOf(await pdfOpeningAtPage('destination'))).toBe('ok:pdf');
  });

  test('a PDF passes by its signature, even after a little leading junk', async () => {
    expect(await codeOf(text('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'))).toBe('ok:pdf');
    expect(await codeOf(text('\r\n\r\n%PDF-1.4\n'))).toBe('ok:pdf');
  });

  test('the type comes from the bytes, not the name', async () => {
    const jpeg = await plainJpeg();
    expect(await codeOf(jpeg, 'fatura.pdf')).toBe('ok:jpeg');
    expect(await codeOf(text('%PDF-1.7\n'), 'foto.jpg')).toBe('ok:pdf');
  });
});

describe('refusals, each with its code and pt-PT message', () => {
  test('an empty file is EMPTY_FILE', async () => {
    expect(await checkScanInput(new Uint8Array(0))).toEqual({
      ok: false,
      error: { code: 'EMPTY_FILE', message: SCAN_ERROR_MESSAGES.EMPTY_FILE },
    });
  });

  test('one byte over 10 MB is FILE_TOO_LARGE; exactly 10 MB is judged on its content', async () => {
    const over = new Uint8Array(MAX_SCAN_BYTES + 1);
    over.set([0xff, 0xd8, 0xff]);
    expect(await codeOf(over)).toBe('FILE_TOO_LARGE');
    const limit = new Uint8Array(MAX_SCAN_BYTES);
    limit.set(text('%PDF-1.7\n'));
    expect(await codeOf(limit)).toBe('ok:pdf');
  });

  test('programs and scripts are EXECUTABLE_REFUSED by content, whatever the name', async () => {
    expect(await codeOf(text('MZ\x90\x00\x03\x00\x00\x00PE\x00\x00'), 'fatura.jpg')).toBe(
      'EXECUTABLE_REFUSED',
    );
    expect(await codeOf(text('\x7fELF\x02\x01\x01'), 'fatura.png')).toBe('EXECUTABLE_REFUSED');
    expect(await codeOf(text('#!/bin/sh\nrm -rf /\n'), 'fatura.pdf')).toBe('EXECUTABLE_REFUSED');
    expect(await codeOf(new Uint8Array([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]))).toBe(
      'EXECUTABLE_REFUSED',
    );
    expect(await codeOf(text('\x00asm\x01\x00\x00\x00'))).toBe('EXECUTABLE_REFUSED');
  });

  test('an executable name is refused even when the content is a real photo', async () => {
    const jpeg = await plainJpeg();
    expect(await codeOf(jpeg, 'fatura.jpg.exe')).toBe('EXECUTABLE_REFUSED');
    expect(await codeOf(jpeg, 'fatura.exe.jpg')).toBe('EXECUTABLE_REFUSED');
  });

  test('polyglots: a program with a PDF inside is an executable; an image header on other content is unreadable', async () => {
    expect(await codeOf(text('MZ\x90\x00 padding %PDF-1.7\n'))).toBe('EXECUTABLE_REFUSED');
    // A JPEG signature followed by a PE program: sharp cannot read it as an image.
    expect(await codeOf(text('\xff\xd8\xff\xe0MZ\x90\x00PE\x00\x00 not really a jpeg'))).toBe(
      'UNREADABLE_FILE',
    );
    // The classic GIF/JavaScript polyglot.
    expect(await codeOf(text('GIF89a=1;alert(document.domain)//'))).toBe('UNREADABLE_FILE');
  });

  test('other types are UNSUPPORTED_TYPE: text, SVG, HTML, ZIP, BMP, TIFF', async () => {
    for (const bytes of [
      text('Fatura FT 2025/1\nTotal 12,30 €\n'),
      text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      text('<!doctype html><html></html>'),
      text('PK\x03\x04\x14\x00\x00\x00'),
      text('BM\x36\x00\x00\x00\x00\x00'),
      text('II*\x00\x08\x00\x00\x00'),
    ]) {
      expect(await codeOf(bytes)).toBe('UNSUPPORTED_TYPE');
    }
  });

  test('SVG, HTML and XML are UNSUPPORTED_TYPE by content, even with a PDF signature inside and a photo name', async () => {
    for (const bytes of [
      text('\ufeff  \n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      text('<?xml version="1.0"?><fatura><!-- %PDF-1.7 --></fatura>'),
      text('\r\n<html><body>%PDF-1.4\n1 0 obj << >> endobj</body></html>'),
    ]) {
      expect(await codeOf(bytes, 'fatura.jpg')).toBe('UNSUPPORTED_TYPE');
      expect(await codeOf(bytes, 'fatura.pdf')).toBe('UNSUPPORTED_TYPE');
    }
  });

  test('a photo or PDF that is also a web page is EXECUTABLE_REFUSED, whatever its name', async () => {
    const jpeg = await plainJpeg();
    const page = Buffer.from('<html><script>fetch("/api/profile")</script></html>');
    expect(await codeOf(Buffer.concat([jpeg, page]), 'fatura.jpg')).toBe('EXECUTABLE_REFUSED');
    // Inside the JPEG, as a comment segment (FF FE) right after the start of image.
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, page.length + 2]), page]);
    const withComment = Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]);
    expect(await sharp(withComment).metadata()).toMatchObject({ format: 'jpeg' });
    expect(await codeOf(withComment, 'fatura.jpg')).toBe('EXECUTABLE_REFUSED');
    const svgHandler = Buffer.from('<svg width="1" onload="alert(document.cookie)">');
    expect(await codeOf(Buffer.concat([jpeg, svgHandler]))).toBe('EXECUTABLE_REFUSED');
    const pdf = Buffer.concat([text('%PDF-1.4\n<!doctype html>\n<body onload=x>\n')]);
    expect(await codeOf(pdf, 'fatura.pdf')).toBe('EXECUTABLE_REFUSED');
  });

  test('archives: a GIFAR and a PDF with a JAR behind it are EXECUTABLE_REFUSED; a ZIP holding a PDF is UNSUPPORTED_TYPE', async () => {
    const jar = storedZip({ 'META-INF/MANIFEST.MF': text('Main-Class: Fatura\n') });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const gifar = Buffer.concat([gif, jar]);
    expect(await sharp(gifar).metadata()).toMatchObject({ format: 'gif' });
    expect(await codeOf(gifar, 'fatura.gif')).toBe('EXECUTABLE_REFUSED');
    const pdf = await pdfOpeningAtPage('destination');
    expect(await codeOf(Buffer.concat([pdf, jar]), 'fatura.pdf')).toBe('EXECUTABLE_REFUSED');
    const zippedPdf = storedZip({ 'fatura.pdf': pdf });
    expect(zippedPdf.indexOf('%PDF-')).toBeLessThan(1024);
    expect(await codeOf(zippedPdf, 'fatura.pdf')).toBe('UNSUPPORTED_TYPE');
  });

  test('a PDF with active content is PDF_ACTIVE_CONTENT, with its pt-PT message', async () => {
    expect(
      await checkScanInput(await activePdf('javascript-names'), { fileName: 'f.pdf' }),
    ).toEqual({
      ok: false,
      error: {
        code: 'PDF_ACTIVE_CONTENT',
        message:
          'Este PDF contém conteúdo ativo (JavaScript, ações automáticas ou ficheiros anexos) e não foi aberto por segurança.',
      },
    });
    expect(await codeOf(await activePdf('open-action-launch'))).toBe('PDF_ACTIVE_CONTENT');
  });

  test('a file with HEIF magic bytes but no readable header is UNREADABLE_FILE', async () => {
    const heic = new Uint8Array(64);
    heic.set(text('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic'));
    expect(detectScanKind(heic)).toBe('heif');
    expect(await checkScanInput(heic)).toEqual({
      ok: false,
      error: { code: 'UNREADABLE_FILE', message: SCAN_ERROR_MESSAGES.UNREADABLE_FILE },
    });
  });

  test('a HEIC header claiming 60 000 × 60 000 pixels is IMAGE_TOO_LARGE before any decoding', async () => {
    const photo = heicPhoto();
    // The image spatial extent property ("ispe"): version and flags, then the coded width
    // and height (874 × 1200: HEVC codes an even width, a crop box shows 873).
    const ispe = photo.indexOf('ispe');
    expect(photo.readUInt32BE(ispe + 8)).toBe(HEIC_PHOTO_SIZE.width + 1);
    photo.writeUInt32BE(60_000, ispe + 8);
    photo.writeUInt32BE(60_000, ispe + 12);
    expect(await codeOf(photo)).toBe('IMAGE_TOO_LARGE');
  });

  test('a few hundred bytes claiming 50 000 × 50 000 pixels are IMAGE_TOO_LARGE', async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1000);
    expect(await codeOf(bomb)).toBe('IMAGE_TOO_LARGE');
    // Just under the limit, the header alone is fine (the pixels are judged when decoded).
    expect(await codeOf(pngClaiming(7000, 7000))).toBe('ok:png');
  });

  test('an image whose header is cut short is UNREADABLE_FILE', async () => {
    const jpeg = await plainJpeg();
    expect(await codeOf(jpeg.subarray(0, 40))).toBe('UNREADABLE_FILE');
    expect(await codeOf(text('RIFF\x10\x00\x00\x00WEBPVP8 garbage'))).toBe('UNREADABLE_FILE');
  });
});
