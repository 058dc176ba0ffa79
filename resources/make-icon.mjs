#!/usr/bin/env node
// Draws resources/icon.png (512x512 RGBA): a blue gift card with a gold ribbon. Run: node resources/make-icon.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const S = 512;
const px = Buffer.alloc(S * S * 4); // transparent

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** Paints where inside(x, y) holds, with 4x4 supersampling for smooth edges. */
function paint(rgb, inside) {
  for (let y = 0; y < S; y++)
    for (let x = 0; x < S; x++) {
      let hits = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) hits++;
      if (!hits) continue;
      const a = hits / 16;
      const i = (y * S + x) * 4;
      const da = px[i + 3] / 255;
      const oa = a + da * (1 - a);
      for (let c = 0; c < 3; c++) px[i + c] = Math.round((rgb[c] * a + px[i + c] * da * (1 - a)) / oa);
      px[i + 3] = Math.round(oa * 255);
    }
}
const roundRect = (x0, y0, x1, y1, r) => (x, y) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const card = roundRect(32, 112, 480, 400, 40);

paint([21, 101, 192], card); // card
paint([66, 165, 245], (x, y) => card(x, y) && y > 300 && y < 336); // stripe
paint([255, 193, 7], (x, y) => card(x, y) && x > 150 && x < 190); // ribbon, vertical
paint([255, 193, 7], (x, y) => card(x, y) && y > 200 && y < 240); // ribbon, horizontal
paint([255, 160, 0], (x, y) => (x - 140) ** 2 / 1600 + (y - 190) ** 2 / 700 <= 1 || (x - 200) ** 2 / 1600 + (y - 190) ** 2 / 700 <= 1); // bow
paint([255, 213, 79], (x, y) => (x - 170) ** 2 + (y - 220) ** 2 <= 28 ** 2); // knot
paint([255, 255, 255], roundRect(300, 150, 440, 176, 13)); // text lines
paint([227, 242, 253], roundRect(300, 196, 400, 216, 10));

const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(S, 0);
ihdr.writeUInt32BE(S, 4);
ihdr[8] = 8;
ihdr[9] = 6; // RGBA
const raw = Buffer.alloc(S * (S * 4 + 1));
for (let y = 0; y < S; y++) px.copy(raw, y * (S * 4 + 1) + 1, y * S * 4, (y + 1) * S * 4);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'icon.png');
fs.writeFileSync(out, png);
console.log(`wrote ${out} (${png.length} bytes)`);
