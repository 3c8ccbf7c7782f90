// The worker thread of heic.ts: decodes one HEIC/HEIF photo with libheif-js (libheif with
// libde265, compiled to wasm, loaded from node_modules) and posts its pixels back, RGB or RGBA,
// 8 bits, rows packed. Plain JavaScript because Node starts a worker file itself, without the
// TypeScript loader of the main thread. The size is checked against the pixel budget from the
// header, before a pixel is decoded. Errors are posted as { error }, never thrown.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const createLibheif = require('libheif-js/libheif-wasm/libheif.js');

const libheif = createLibheif({
  wasmBinary: readFileSync(require.resolve('libheif-js/libheif-wasm/libheif.wasm')),
  // libheif's own messages would land on the server's stdout.
  print: () => {},
  printErr: () => {},
});

/** Copies the pixels out of the wasm heap, dropping the padding at the end of each row. */
function packedRows(channel, channels) {
  const rowBytes = channel.width * channels;
  if (channel.stride === rowBytes) return channel.data.slice(0, rowBytes * channel.height);
  const packed = new Uint8Array(rowBytes * channel.height);
  for (let row = 0; row < channel.height; row++) {
    const start = row * channel.stride;
    packed.set(channel.data.subarray(start, start + rowBytes), row * rowBytes);
  }
  return packed;
}

async function decode({ bytes, maxPixels }) {
  const context = libheif.heif_context_alloc();
  try {
    const read = libheif.heif_context_read_from_memory(context, bytes);
    if (read.code.value !== 0) return { error: `not a readable HEIF file: ${read.message}` };
    const handle = libheif.heif_js_context_get_primary_image_handle(context);
    if (!handle || handle.code) return { error: 'no primary image' };
    try {
      const width = libheif.heif_image_handle_get_width(handle);
      const height = libheif.heif_image_handle_get_height(handle);
      if (!(width > 0 && height > 0)) return { error: 'no image size' };
      if (width * height > maxPixels) return { error: 'too many pixels', tooLarge: true };
      const channels = libheif.heif_image_handle_has_alpha_channel(handle) ? 4 : 3;
      const chroma =
        channels === 4
          ? libheif.heif_chroma.heif_chroma_interleaved_RGBA
          : libheif.heif_chroma.heif_chroma_interleaved_RGB;
      const image = await libheif.heif_js_decode_image2(
        handle,
        libheif.heif_colorspace.heif_colorspace_RGB,
        chroma,
      );
      if (!image || image.code || !image.channels) return { error: 'the image does not decode' };
      try {
        const channel = image.channels.find(
          (c) => c.id === libheif.heif_channel.heif_channel_interleaved,
        );
        if (!channel || channel.bits_per_pixel !== 8) return { error: 'unexpected pixel format' };
        const data = packedRows(channel, channels);
        return { width: channel.width, height: channel.height, channels, data };
      } finally {
        libheif.heif_image_release(image.image);
      }
    } finally {
      libheif.heif_image_handle_release(handle);
    }
  } finally {
    libheif.heif_context_free(context);
  }
}

const result = await decode(workerData).catch((error) => ({ error: String(error) }));
parentPort.postMessage(result, result.data ? [result.data.buffer] : []);
