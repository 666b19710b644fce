import type { CatalogItem } from './catalog/generate';

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

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

/** A product "photo": a tile in the item's colour with its category and brand, served as SVG. */
export function productImage(item: CatalogItem | undefined): string {
  const [bg, fg] = (item && PALETTE[item.colour]) ?? ['#5b6472', '#ffffff'];
  const label = escapeXml(item?.category ?? 'Unknown item');
  const brand = escapeXml(item?.brand ?? '');
  const initials = escapeXml(
    (item?.brand ?? '?')
      .split(/\s+/)
      .map((w) => w[0])
      .join('')
      .slice(0, 2)
      .toUpperCase(),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320" role="img" aria-label="${label}">
<rect width="320" height="320" fill="${bg}"/>
<circle cx="160" cy="140" r="70" fill="${fg}" fill-opacity="0.14"/>
<text x="160" y="162" text-anchor="middle" font-family="sans-serif" font-size="64" font-weight="700" fill="${fg}">${initials}</text>
<text x="160" y="262" text-anchor="middle" font-family="sans-serif" font-size="20" fill="${fg}">${label}</text>
<text x="160" y="290" text-anchor="middle" font-family="sans-serif" font-size="15" fill="${fg}" fill-opacity="0.8">${brand}</text>
</svg>`;
}
