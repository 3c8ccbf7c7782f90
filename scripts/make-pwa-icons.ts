// `npx tsx scripts/make-pwa-icons.ts`: renders the web app manifest's PNG icons into
// src/web/public (they are committed; run again only when the logo changes). The mark is
// favicon.svg's document with its QR corner; the maskable icons bleed the brand green to the
// edges and keep the mark inside the central 80 % circle that every launcher mask leaves
// whole; the shortcut icons show what each shortcut opens.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const PUBLIC_DIR = fileURLToPath(new URL('../src/web/public/', import.meta.url));
const BRAND = '#0b6e56';

// favicon.svg's document, centred on (16, 16) of a 32-unit square.
const DOCUMENT = `
  <g transform="translate(-0.25 0)">
    <path d="M10 6.5h8.5l5 5V24.5a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1v-17a1 1 0 0 1 1-1z" fill="#fff"/>
    <path d="M18.5 6.5v4a1 1 0 0 0 1 1h4z" fill="#a7f3d0"/>
    <g fill="${BRAND}">
      <rect x="11.5" y="14" width="3.5" height="3.5" rx=".6"/>
      <rect x="17" y="14" width="3.5" height="3.5" rx=".6"/>
      <rect x="11.5" y="19.5" width="3.5" height="3.5" rx=".6"/>
      <rect x="17" y="19.5" width="1.6" height="1.6"/>
      <rect x="18.9" y="21.4" width="1.6" height="1.6"/>
    </g>
  </g>`;

/** Full-bleed green, the document at 95 %: its corners stay within a radius of 11.4 of 16. */
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${BRAND}"/>
  <g transform="translate(16 16) scale(0.95) translate(-16 -16)">${DOCUMENT}</g>
</svg>`;

const tile = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
  <rect width="24" height="24" rx="6" fill="${BRAND}"/>
  <g fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"
     transform="translate(4 4) scale(0.6667)">${body}</g>
</svg>`;

// lucide's scan-line and file-plus (ISC licence), drawn white on the brand tile.
const SCAN = tile(
  '<path d="M3 7V5a2 2 0 0 1 2-2h2"/><path d="M17 3h2a2 2 0 0 1 2 2v2"/>' +
    '<path d="M21 17v2a2 2 0 0 1-2 2h-2"/><path d="M7 21H5a2 2 0 0 1-2-2v-2"/><path d="M7 12h10"/>',
);
const NEW_INVOICE = tile(
  '<path d="M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z"/>' +
    '<path d="M14 2v4a2 2 0 0 0 2 2h4"/><path d="M9 15h6"/><path d="M12 18v-6"/>',
);

async function render(svg: string, size: number, file: string): Promise<void> {
  const png = await sharp(Buffer.from(svg), { density: 72 * (size / 32) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(`${PUBLIC_DIR}${file}`, png);
  console.log(`${file}: ${png.length} bytes`);
}

await render(MASKABLE, 192, 'icon-maskable-192.png');
await render(MASKABLE, 512, 'icon-maskable-512.png');
await render(SCAN, 96, 'shortcut-scan-96.png');
await render(NEW_INVOICE, 96, 'shortcut-new-invoice-96.png');
