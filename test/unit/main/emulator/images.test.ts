import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../../src/main/emulator/catalog/generate';
import { initials, productImage } from '../../../../src/main/emulator/images';

/** The PNG's chunks, each with its CRC checked against zlib's. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(crc(png.subarray(at + 4, at + 8 + length)));
    out.push({ type, data });
    at += 12 + length;
  }
  return out;
}

function crc(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

describe('emulator product images', () => {
  const items = generateCatalog({ items: 200 });

  it('are well-formed 160×160 RGB PNGs whose pixels carry the item colour', () => {
    const item = items.find((i) => i.colour === 'Red')!;
    const parts = chunks(productImage(item));
    expect(parts.map((p) => p.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const header = parts[0]!.data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([160, 160, 8, 2]);
    const raw = inflateSync(parts[1]!.data);
    expect(raw.length).toBe(160 * (160 * 3 + 1));
    expect([...raw.subarray(1, 4)]).toEqual([0xc0, 0x39, 0x2b]); // top-left pixel: the Red tile's background
  });

  it('differ between items that look different and are shared by items that look the same', () => {
    const a = items[0]!;
    const twin = items.find(
      (i) => i !== a && i.colour === a.colour && i.category === a.category && initials(i.brand) === initials(a.brand),
    );
    const other = items.find((i) => i.colour !== a.colour)!;
    if (twin) expect(productImage(twin)).toBe(productImage(a));
    expect(productImage(other).equals(productImage(a))).toBe(false);
  });

  it('draw a tile for an unknown item instead of failing', () => {
    expect(chunks(productImage(undefined)).map((p) => p.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(initials('Lumen & Co')).toBe('L&');
    expect(initials('Arc Peak')).toBe('AP');
  });
});
