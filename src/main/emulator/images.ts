import { deflateSync } from 'node:zlib';
import type { CatalogItem } from './catalog/generate';

/**
 * Product "photos" for the emulator: a PNG tile in the item's colour with the
 * brand's initials and the category. Raster like a real shop's images, so a
 * browser decodes them off the main thread (an SVG thumbnail is a document
 * the page's main thread has to build, ~3 ms each, which held back frames).
 */

const PALETTE: Record<string, [string, string]> = {
  Black: ['#1f2328', '#e6e8eb'],
  White: ['#f4f4f2', '#30343a'],
  Navy: ['#1d2d50', '#dfe7ff'],
  Grey: ['#8a9099', '#ffffff'],
  Red: ['#c0392b', '#fff1ef'],
  Olive: ['#6b7036', '#f4f5e6'],
  Sand: ['#d8c7a1', '#3b3323'],
  'Forest Green': ['#245c3b', '#e5f5ea'],
  Burgundy: ['#6d1f2e', '#fbe9ec'],
  'Sky Blue': ['#79b8e8', '#0e2a40'],
  Charcoal: ['#36393f', '#f0f0f0'],
  Cream: ['#efe6d2', '#3d3526'],
  Pink: ['#e8a0b4', '#3d1521'],
  Mustard: ['#d4a62a', '#2e2405'],
  Teal: ['#1f7a7a', '#e3f7f7'],
};

/** A 5×7 pixel font: seven rows of five bits per character. */
const GLYPHS: Record<string, string> = {
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11110 10001 10001 10001 10001 10001 11110',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 01010 00100 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
  '&': '01100 10010 10100 01000 10101 10010 01101',
  '?': '01110 10001 00001 00010 00100 00000 00100',
  '-': '00000 00000 00000 11111 00000 00000 00000',
  "'": '00100 00100 01000 00000 00000 00000 00000',
  '.': '00000 00000 00000 00000 00000 01100 01100',
  ' ': '00000 00000 00000 00000 00000 00000 00000',
};

const SIZE = 160;

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

class Canvas {
  readonly pixels = new Uint8Array(SIZE * SIZE * 3);

  fill(colour: Rgb): void {
    this.pixels.set(colour, 0);
    // Doubling copies: the whole tile in a dozen moves instead of one per pixel.
    for (let filled = 3; filled < this.pixels.length; filled *= 2)
      this.pixels.copyWithin(filled, 0, Math.min(filled, this.pixels.length - filled));
  }

  /** `colour` over what is there, at `alpha`. */
  blend(x: number, y: number, colour: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= SIZE || y >= SIZE) return;
    const at = (y * SIZE + x) * 3;
    for (let c = 0; c < 3; c++)
      this.pixels[at + c] = Math.round((this.pixels[at + c] as number) * (1 - alpha) + (colour[c] as number) * alpha);
  }

  disc(cx: number, cy: number, r: number, colour: Rgb, alpha: number): void {
    for (let y = cy - r; y <= cy + r; y++)
      for (let x = cx - r; x <= cx + r; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.blend(x, y, colour, alpha);
  }

  /** Text centred on `cx`, in the pixel font at `scale` pixels per dot; cut to fit the tile. */
  text(value: string, cx: number, top: number, scale: number, colour: Rgb, alpha = 1): void {
    const advance = 6 * scale;
    const fits = Math.floor((SIZE - 8) / advance);
    const chars = [...value.toUpperCase()].filter((c) => c in GLYPHS).slice(0, fits);
    let left = Math.round(cx - (chars.length * advance - scale) / 2);
    for (const c of chars) {
      const rows = (GLYPHS[c] as string).split(' ');
      rows.forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx++) {
          if (row[gx] !== '1') continue;
          for (let dy = 0; dy < scale; dy++)
            for (let dx = 0; dx < scale; dx++) this.blend(left + gx * scale + dx, top + gy * scale + dy, colour, alpha);
        }
      });
      left += advance;
    }
  }

  png(): Buffer {
    const raw = Buffer.alloc(SIZE * (SIZE * 3 + 1));
    for (let y = 0; y < SIZE; y++) {
      raw[y * (SIZE * 3 + 1)] = 0; // filter: none
      raw.set(this.pixels.subarray(y * SIZE * 3, (y + 1) * SIZE * 3), y * (SIZE * 3 + 1) + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(SIZE, 0);
    header.writeUInt32BE(SIZE, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter method, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 1 })), // fast: tiles are flat colour, which compresses well at any level
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The brand's initials: "Lumen & Co" → "L&", "Arc Peak" → "AP". */
export function initials(brand: string | undefined): string {
  return (brand ?? '?')
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** Tiles by what they show (colour, initials, category): items that look alike share one PNG. */
const cache = new Map<string, Buffer>();

/** A product "photo" as PNG: a tile in the item's colour with the brand's initials and the category. */
export function productImage(item: CatalogItem | undefined): Buffer {
  const palette = (item && PALETTE[item.colour]) ?? ['#5b6472', '#ffffff'];
  const letters = initials(item?.brand);
  const category = item?.category ?? 'Unknown item';
  const key = `${palette[0]}|${letters}|${category}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const [bg, fg] = palette.map(rgb) as [Rgb, Rgb];
  const canvas = new Canvas();
  canvas.fill(bg);
  canvas.disc(80, 66, 40, fg, 0.14);
  canvas.text(letters, 80, 48, 5, fg);
  canvas.text(category, 80, 128, 2, fg, 0.9);
  const png = canvas.png();
  if (cache.size >= 4096) cache.delete(cache.keys().next().value as string);
  cache.set(key, png);
  return png;
}
