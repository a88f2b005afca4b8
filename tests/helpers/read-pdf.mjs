/* global process */
// Reads a PDF the way a person's viewer would and prints JSON: each page's text, and the text of every QR image
// on it (decoded by jsQR from the image pdf.js draws). Run by tests/helpers/pdf.ts in a child process, because
// pdf.js ships as ES modules only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jsQR from 'jsqr';

const require = createRequire(import.meta.url);
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
pdfjs.GlobalWorkerOptions.workerSrc = require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');

function toRgba(image) {
  const { width, height, kind, data } = image;
  if (kind === pdfjs.ImageKind.RGBA_32BPP) return new Uint8ClampedArray(data);
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    let r, g, b;
    if (kind === pdfjs.ImageKind.RGB_24BPP) [r, g, b] = [data[i * 3], data[i * 3 + 1], data[i * 3 + 2]];
    else {
      const rowBytes = (width + 7) >> 3;
      const x = i % width;
      const y = Math.floor(i / width);
      const bit = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1;
      r = g = b = bit ? 255 : 0;
    }
    out.set([r, g, b, 255], i * 4);
  }
  return out;
}

const doc = await pdfjs.getDocument({
  data: new Uint8Array(readFileSync(process.argv[2])),
  isEvalSupported: false,
  verbosity: pdfjs.VerbosityLevel.ERRORS,
}).promise;
const pages = [];
for (let n = 1; n <= doc.numPages; n += 1) {
  const page = await doc.getPage(n);
  const text = (await page.getTextContent()).items.map((item) => item.str).join('\n');
  const ops = await page.getOperatorList();
  const codes = [];
  for (let i = 0; i < ops.fnArray.length; i += 1) {
    if (ops.fnArray[i] !== pdfjs.OPS.paintImageXObject) continue;
    const name = ops.argsArray[i][0];
    const image = await new Promise((resolve) => page.objs.get(name, resolve));
    const found = jsQR(toRgba(image), image.width, image.height);
    codes.push(found ? found.data : null);
  }
  pages.push({ text, codes });
}
process.stdout.write(`\nPDF-READ ${JSON.stringify({ pages })}\n`);
