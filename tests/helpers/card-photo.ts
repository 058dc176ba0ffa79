import sharp from 'sharp';

/** A gift-card-like photo with its number (and a PIN) printed on it, drawn from SVG text with the system's fonts. */
export async function cardPhoto(
  number: string,
  o: { background?: string; title?: string; pin?: string; width?: number; height?: number } = {},
): Promise<Buffer> {
  const width = o.width ?? 480;
  const height = o.height ?? 300;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="${o.background ?? '#1565c0'}"/>
    <circle cx="${width - 70}" cy="70" r="40" fill="#ffffff" fill-opacity="0.3"/>
    <text x="30" y="60" font-family="DejaVu Sans" font-size="28" fill="white">${o.title ?? 'GIFT CARD $50'}</text>
    <text x="30" y="170" font-family="DejaVu Sans Mono" font-size="30" fill="white">${number}</text>
    <text x="30" y="240" font-family="DejaVu Sans" font-size="20" fill="white">PIN ${o.pin ?? '4821'}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
