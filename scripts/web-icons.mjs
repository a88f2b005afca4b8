// Draws the web client's app icons (web/public/icons/*.png): a white ticket on the accent blue. Run once with
// `node scripts/web-icons.mjs`; the PNGs are committed. No image library: pixels by coverage, PNG by zlib.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { Buffer } from 'node:buffer';
import process from 'node:process';

const OUT = join(import.meta.dirname, '..', 'web', 'public', 'icons');
const BLUE = [11, 92, 173];
const WHITE = [255, 255, 255];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inRoundRect = (x, y, cx, cy, hw, hh, r) => {
  const dx = Math.max(Math.abs(x - cx) - (hw - r), 0);
  const dy = Math.max(Math.abs(y - cy) - (hh - r), 0);
  return dx * dx + dy * dy <= r * r;
};

/** One icon in unit coordinates (0..1): `full` fills the square (maskable); otherwise a rounded tile. */
function shade(x, y, full) {
  const tile = full || inRoundRect(x, y, 0.5, 0.5, 0.5, 0.5, 0.18);
  if (!tile) return undefined;
  // The ticket: inside the maskable safe zone (a circle of radius 0.4), notches on both long sides.
  const ticket = inRoundRect(x, y, 0.5, 0.5, 0.3, 0.18, 0.04);
  const notch = Math.hypot(x - 0.2, y - 0.5) < 0.06 || Math.hypot(x - 0.8, y - 0.5) < 0.06;
  const perforation = Math.abs(x - 0.62) < 0.008 && Math.floor(y * 40) % 2 === 0;
  return ticket && !notch && !perforation ? WHITE : BLUE;
}

function draw(size, full) {
  const rgba = Buffer.alloc(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const color = shade((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, full);
          if (!color) continue;
          r += color[0];
          g += color[1];
          b += color[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      rgba[i] = a ? Math.round(r / a) : 0;
      rgba[i + 1] = a ? Math.round(g / a) : 0;
      rgba[i + 2] = a ? Math.round(b / a) : 0;
      rgba[i + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return png(size, rgba);
}

mkdirSync(OUT, { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(join(OUT, `icon-${size}.png`), draw(size, false));
  writeFileSync(join(OUT, `maskable-${size}.png`), draw(size, true));
}
writeFileSync(join(OUT, 'apple-touch-icon.png'), draw(180, true));
process.stdout.write(`icons written to ${OUT}\n`);
