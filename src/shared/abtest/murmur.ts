/**
 * MurmurHash3, x86 32-bit, of a string as the storefront's A/B package hashes it: each UTF-16 code unit's low byte
 * (`charCodeAt(i) & 0xff`), not its UTF-8 bytes — so an id with non-ASCII letters hashes as the package does, which a
 * UTF-8 MurmurHash would not. Seed 0 unless given. Answers an unsigned 32-bit integer.
 */
export function murmur3LowBytes(key: string, seed = 0): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  const length = key.length;
  const tail = length & 3;
  const body = length - tail;
  let h = seed >>> 0;
  for (let i = 0; i < body; i += 4) {
    let k =
      (key.charCodeAt(i) & 0xff) |
      ((key.charCodeAt(i + 1) & 0xff) << 8) |
      ((key.charCodeAt(i + 2) & 0xff) << 16) |
      ((key.charCodeAt(i + 3) & 0xff) << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  if (tail === 3) k ^= (key.charCodeAt(body + 2) & 0xff) << 16;
  if (tail >= 2) k ^= (key.charCodeAt(body + 1) & 0xff) << 8;
  if (tail >= 1) {
    k ^= key.charCodeAt(body) & 0xff;
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
  }
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
