import sharp from 'sharp';

/** The look of one brand's demo cards: two colours of its face. */
export interface CardFace {
  brand: string;
  from: string;
  to: string;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** 16 digits in groups of four, as printed on a card. */
export const groupedDigits = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * A photo of a gift card, rendered at seed time (SVG text drawn by sharp with the system's fonts): the brand, its
 * value, and the card's 16-digit number large, black on a white band, in a plain monospaced face (for OCR to read).
 */
export async function cardPhoto(face: CardFace, digits: string, value: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${face.from}"/><stop offset="1" stop-color="${face.to}"/></linearGradient></defs>
  <rect width="640" height="400" fill="#d9d6cf"/>
  <rect x="20" y="20" width="600" height="360" rx="28" fill="url(#g)"/>
  <text x="56" y="92" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="46" fill="#ffffff">${escapeXml(face.brand)}</text>
  <text x="56" y="126" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#ffffff" opacity="0.85">GIFT CARD</text>
  <text x="584" y="92" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="40" fill="#ffffff">${escapeXml(value)}</text>
  <rect x="44" y="196" width="552" height="76" rx="8" fill="#ffffff"/>
  <text x="320" y="250" text-anchor="middle" font-family="DejaVu Sans Mono, monospace" font-weight="bold" font-size="42" fill="#000000">${groupedDigits(digits)}</text>
  <text x="56" y="336" font-family="DejaVu Sans, sans-serif" font-size="18" fill="#ffffff" opacity="0.85">Not redeemable for cash. Keep this card safe.</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
