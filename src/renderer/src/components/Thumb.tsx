import { useEffect, useState } from 'react';
import type { Item } from '@shared/request';
import { proxiedImage } from './image';

/** Images this page has already shown: the browser holds them decoded, so a row that comes back shows its image at once. */
const shown = new Set<string>();
const MAX_SHOWN = 5000;

function remember(src: string): void {
  if (shown.size >= MAX_SHOWN) shown.delete(shown.values().next().value as string);
  shown.add(src);
}

/**
 * A product image, requested only once its row has stayed in view for a
 * moment: rows that fly past during a fast scroll never fetch or decode
 * their images, which keeps scrolling at frame rate, and an answer's rows
 * paint before its images arrive. An image seen before (scrolling back, the
 * same item in the next answer) shows at once, without the wait.
 */
export function Thumb({ item, size = 36 }: { item: Pick<Item, 'product'>; size?: number }) {
  const src = proxiedImage(item.product?.imageUrl);
  const known = src !== undefined && shown.has(src);
  const [settled, setSettled] = useState(known);
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setSettled(true), 120);
    return () => clearTimeout(timer);
  }, [settled]);
  return src && (settled || known) ? (
    <img className="thumb" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" onLoad={() => remember(src)} />
  ) : (
    <span className="thumb thumb--empty" style={{ width: size, height: size }} aria-hidden="true" />
  );
}
