/* global process */
// Reads a PDF as a person's tools would (tests/helpers/pdf.ts runs it in a child process: pdfjs-dist is an ES
// module the ts-jest CommonJS runtime cannot import). Prints JSON: the text items of each page, and every image
// decoded as a QR code (jsqr) where one is found. Shared by the ticket and the invoice tests.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { getDocument, GlobalWorkerOptions, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import jsQR from 'jsqr';

GlobalWorkerOptions.workerSrc = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');

const data = new Uint8Array(await readFile(process.argv[2]));
const pdf = await getDocument({ data, isOffscreenCanvasSupported: false, verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= pdf.numPages; n += 1) {
  const page = await pdf.getPage(n);
  const text = (await page.getTextContent()).items.map((item) => item.str).filter((s) => s.trim() !== '');
  const ops = await page.getOperatorList();
  const qrCodes = [];
  const codes = []; // one per image, null where no QR code is read from it
  for (let i = 0; i < ops.fnArray.length; i += 1) {
    if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
    const name = ops.argsArray[i][0];
    const image = await new Promise((resolve) => page.objs.get(name, resolve));
    const rgba = toRgba(image);
    const code = rgba && jsQR(rgba, image.width, image.height);
    if (code) qrCodes.push(code.data);
    codes.push(code ? code.data : null);
  }
  pages.push({ text, qrCodes, codes });
}
process.stdout.write(JSON.stringify({ pages, info: (await pdf.getMetadata()).info }));

function toRgba(image) {
  const { width, height, data: pixels, kind } = image;
  if (!pixels) return undefined;
  const out = new Uint8ClampedArray(width * height * 4);
  if (kind === 3) return new Uint8ClampedArray(pixels);
  if (kind === 2) {
    for (let p = 0, q = 0; p < width * height; p += 1) {
      out[p * 4] = pixels[q++];
      out[p * 4 + 1] = pixels[q++];
      out[p * 4 + 2] = pixels[q++];
      out[p * 4 + 3] = 255;
    }
    return out;
  }
  // kind 1: one bit per pixel, rows padded to whole bytes
  const rowBytes = Math.ceil(width / 8);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const bit = (pixels[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1;
      const v = bit ? 255 : 0;
      out.set([v, v, v, 255], (y * width + x) * 4);
    }
  return out;
}
