import { useEffect, useState } from 'react';
import type { Item } from '@shared/request/types';
import { proxiedImage } from './image';

/**
 * A product image, requested only once its row has stayed in view for a
 * moment: rows that fly past during a fast scroll never fetch or decode
 * their images, which keeps scrolling at frame rate.
 */
export function Thumb({ item, size = 36 }: { item: Item; size?: number }) {
  const src = proxiedImage(item.product?.imageUrl);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), 120);
    return () => clearTimeout(timer);
  }, []);
  return src && settled ? (
    <img className="thumb" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className="thumb thumb--empty" style={{ width: size, height: size }} aria-hidden="true" />
  );
}
