import sharp from 'sharp';

// Phone-like photos of gift cards (issue 52), drawn at run time from a seed: a card on a desk, tilted, blurred, dimmed,
// saved as a low-quality JPEG, with a PIN, a UPC, a help-line number and fine print beside the code. Used by the OCR
// bench and the OCR tests; no fixture file.

/** The code shapes a photo may show, with the offer pattern (docs/card-review.md) that describes each. */
export const CODE_SHAPES = {
  digits16: { pattern: '9999 9999 9999 9999', luhn: true },
  digits19: { pattern: '9999 9999 9999 9999 999', luhn: true },
  amazon: { pattern: 'XXXX-XXXXXX-XXXX', luhn: false },
  steam: { pattern: 'XXXXX-XXXXX-XXXXX', luhn: false },
  googlePlay: { pattern: 'XXXX XXXX XXXX XXXX XXXX', luhn: false },
  appStore: { pattern: 'XXXXXXXXXXXXXXXX', luhn: false },
  groupsOfFour: { pattern: 'XXXX-XXXX-XXXX', luhn: false },
  strip: { pattern: 'XXXX XXXX XXXX XXXX', luhn: false },
} as const;
export type CodeShape = keyof typeof CODE_SHAPES;

/** Letters and digits printed on alphanumeric codes: without 0/O, 1/I/L and U, as the stores print them. */
const ALPHANUMERIC = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

export type Random = () => number;
/** A small seeded generator (mulberry32): the same seed draws the same photos. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const between = (r: Random, lo: number, hi: number) => lo + r() * (hi - lo);

/** The Luhn check digit for the digits before it. */
export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A random code printed as the shape prints it (groups and separators), e.g. `X7QK-M2PRTW-9HZC`. */
export function randomCode(r: Random, shape: CodeShape): string {
  const { pattern, luhn } = CODE_SHAPES[shape];
  const slots = pattern.replace(/[^9AX]/g, '').length;
  let chars = '';
  for (let i = 0; i < slots; i++)
    chars += pattern.replace(/[^9AX]/g, '')[i] === '9' ? String(Math.floor(r() * 10)) : pick(r, [...ALPHANUMERIC]);
  if (luhn) chars = chars.slice(0, -1) + luhnDigit(chars.slice(0, -1));
  let i = 0;
  return pattern.replace(/[9AX]/g, () => chars[i++]!);
}

export interface PhotoSpec {
  shape: CodeShape;
  code: string;
  /** Degrees, either way. */
  tilt: number;
  blur: number;
  /** Brightness factor (1: as drawn). */
  light: number;
  quality: number;
  desk: 'wood' | 'linen' | 'stone' | 'paper';
  /** A PIN, a UPC and a help-line number beside the code. */
  extras: boolean;
  embossed: boolean;
}

/** The i-th photo of a set: shapes in turn, everything else drawn from the seed within the ranges. */
export function photoSpec(seed: number, i: number): PhotoSpec {
  const r = seeded(seed * 7919 + i);
  const shapes = Object.keys(CODE_SHAPES) as CodeShape[];
  const shape = shapes[i % shapes.length]!;
  return {
    shape,
    code: randomCode(r, shape),
    tilt: between(r, -12, 12),
    blur: between(r, 0.3, 1.4),
    light: between(r, 0.55, 1.05),
    quality: Math.round(between(r, 40, 75)),
    desk: pick(r, ['wood', 'linen', 'stone', 'paper'] as const),
    extras: r() < 0.6,
    embossed: (shape === 'digits16' || shape === 'digits19') && r() < 0.5,
  };
}

const CARD = { width: 640, height: 404 };
const CODE_FONT = 34;
/** DejaVu Sans Mono's advance is 0.602 em. */
const CODE_ADVANCE = 0.602 * CODE_FONT;
const CODE_AT = { x: 44, baseline: 232 };

/** A desk's colour, how grainy it is (noise cell in px, amplitude) and whether it has wood's streaks. */
const DESKS: Record<PhotoSpec['desk'], { rgb: [number, number, number]; cell: number; amplitude: number; streaks: boolean }> = {
  wood: { rgb: [150, 100, 58], cell: 6, amplitude: 30, streaks: true },
  linen: { rgb: [214, 208, 196], cell: 2, amplitude: 26, streaks: false },
  stone: { rgb: [112, 114, 120], cell: 12, amplitude: 44, streaks: false },
  paper: { rgb: [226, 223, 215], cell: 1, amplitude: 14, streaks: false },
};

/** A desk texture: seeded noise scaled up (a cheap grain), with streaks for wood. */
async function deskImage(kind: PhotoSpec['desk'], r: Random, width: number, height: number): Promise<Buffer> {
  const d = DESKS[kind];
  const w = Math.ceil(width / d.cell);
  const h = Math.ceil(height / d.cell);
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    const n = (r() - 0.5) * d.amplitude;
    for (let c = 0; c < 3; c++) raw[i * 3 + c] = Math.max(0, Math.min(255, d.rgb[c]! + n));
  }
  const streaks = d.streaks
    ? [
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${Array.from({ length: 40 }, () => {
              const y = r() * height;
              return `<path d="M0 ${y} C${width / 3} ${y + between(r, -20, 20)} ${(2 * width) / 3} ${y + between(r, -20, 20)} ${width} ${y + between(r, -10, 10)}" stroke="#5d3a1a" stroke-opacity="${between(r, 0.1, 0.35)}" stroke-width="${between(r, 1, 6)}" fill="none"/>`;
            }).join('')}</svg>`,
          ),
        },
      ]
    : [];
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .composite(streaks)
    .png()
    .toBuffer();
}

const BRANDS: Record<CodeShape, { title: string; fill: string; ink: string }> = {
  digits16: { title: 'STORE GIFT CARD', fill: '#1565c0', ink: '#ffffff' },
  digits19: { title: 'SUPERMARKET GIFT CARD', fill: '#2e7d32', ink: '#ffffff' },
  amazon: { title: 'amazon.com Gift Card', fill: '#f5f5f5', ink: '#111111' },
  steam: { title: 'STEAM WALLET', fill: '#171a21', ink: '#e8eef5' },
  googlePlay: { title: 'Google Play', fill: '#ffffff', ink: '#202124' },
  appStore: { title: 'App Store & iTunes', fill: '#eceff1', ink: '#1c1c1e' },
  groupsOfFour: { title: 'GAME CARD', fill: '#6a1b9a', ink: '#ffffff' },
  strip: { title: 'PREPAID CARD', fill: '#c62828', ink: '#ffffff' },
};

/** A UPC-A with its check digit, spaced as printed under the bars (`0 51915 20943 4`). */
function upc(eleven: string): string {
  const sum = [...eleven].reduce((a, d, i) => a + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${eleven[0]} ${eleven.slice(1, 6)} ${eleven.slice(6)} ${(10 - (sum % 10)) % 10}`;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The card face as SVG; the code's box on it comes back with it. */
function cardSvg(spec: PhotoSpec, r: Random): { svg: string; code: { x: number; y: number; w: number; h: number }; beside: string[] } {
  const brand = BRANDS[spec.shape];
  const codeWidth = spec.code.length * CODE_ADVANCE;
  const code = { x: CODE_AT.x - 6, y: CODE_AT.baseline - CODE_FONT * 0.8, w: codeWidth + 12, h: CODE_FONT * 1.05 };
  const ink = spec.embossed ? '#d9d9d9' : brand.ink;
  const codeText = (dx: number, dy: number, fill: string, opacity = 1) =>
    `<text x="${CODE_AT.x + dx}" y="${CODE_AT.baseline + dy}" font-family="DejaVu Sans Mono" font-size="${CODE_FONT}" font-weight="bold" fill="${fill}" fill-opacity="${opacity}" xml:space="preserve">${escape(spec.code)}</text>`;
  const strip =
    spec.shape === 'strip'
      ? `<rect x="${code.x - 10}" y="${code.y - 10}" width="${code.w + 20}" height="${code.h + 20}" rx="6" fill="#b0b4b8"/>` +
        Array.from({ length: 14 }, () => {
          const x = code.x + r() * code.w;
          const y = code.y - 8 + r() * (code.h + 16);
          return `<path d="M${x} ${y} l${between(r, -30, 30)} ${between(r, -6, 6)}" stroke="#8f9499" stroke-width="${between(r, 1, 3)}"/>`;
        }).join('')
      : '';
  const codeInk = spec.shape === 'strip' ? '#111111' : ink;
  const text = spec.embossed
    ? codeText(-1.5, -1.5, '#ffffff', 0.8) + codeText(1.5, 1.5, '#000000', 0.55) + codeText(0, 0, codeInk)
    : codeText(0, 0, codeInk);
  const beside = spec.extras
    ? [
        String(Math.floor(r() * 9000) + 1000),
        upc(`0${String(Math.floor(r() * 90000) + 10000)}${String(Math.floor(r() * 90000) + 10000)}`),
        `1-800-${String(Math.floor(r() * 900) + 100)}-${String(Math.floor(r() * 9000) + 1000)}`,
      ]
    : [];
  const extras = spec.extras
    ? `<text x="44" y="300" font-family="DejaVu Sans" font-size="22" fill="${brand.ink}">PIN ${beside[0]}</text>
       <text x="330" y="300" font-family="DejaVu Sans" font-size="20" fill="${brand.ink}">UPC ${beside[1]}</text>
       <text x="44" y="338" font-family="DejaVu Sans" font-size="18" fill="${brand.ink}">Help line ${beside[2]}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}">
    <rect width="${CARD.width}" height="${CARD.height}" rx="24" fill="${brand.fill}"/>
    <circle cx="${CARD.width - 90}" cy="90" r="52" fill="${brand.ink}" fill-opacity="0.18"/>
    <text x="44" y="86" font-family="DejaVu Sans" font-size="32" font-weight="bold" fill="${brand.ink}">${escape(brand.title)}</text>
    <text x="${CARD.width - 150}" y="150" font-family="DejaVu Sans" font-size="30" fill="${brand.ink}">$${pick(r, [25, 50, 100])}</text>
    ${strip}${text}${extras}
    <text x="44" y="380" font-family="DejaVu Sans" font-size="11" fill="${brand.ink}" fill-opacity="0.8">Terms apply. Not redeemable for cash except where required by law. Valid at participating stores.</text>
  </svg>`;
  return { svg, code, beside };
}

export interface PhonePhoto {
  jpeg: Buffer;
  width: number;
  height: number;
  /** Where the code is on the photo, in its pixels (the rotated code's bounds). */
  box: { x: number; y: number; w: number; h: number };
  /** What else is printed beside it, when spec.extras: the PIN, the UPC and the help line. */
  beside: string[];
}

/** The photo a seller's phone would take of the card `spec` describes. */
export async function phonePhoto(spec: PhotoSpec, seed = 1): Promise<PhonePhoto> {
  const r = seeded(seed ^ spec.code.length ^ Math.round(spec.tilt * 1000));
  const { svg, code, beside } = cardSvg(spec, r);
  const card = await sharp(Buffer.from(svg))
    .rotate(spec.tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const width = 1000;
  const height = 750;
  const left = Math.round((width - card.info.width) / 2 + between(r, -60, 60));
  const top = Math.round((height - card.info.height) / 2 + between(r, -50, 50));
  const jpeg = await sharp(await deskImage(spec.desk, r, width, height))
    .composite([{ input: card.data, left, top }])
    .blur(spec.blur)
    .modulate({ brightness: spec.light })
    .jpeg({ quality: spec.quality })
    .toBuffer();
  // The code's corners turned as sharp turned the card (about its centre, the canvas grown to fit), then placed.
  const a = (spec.tilt * Math.PI) / 180;
  const corners = [
    [code.x, code.y],
    [code.x + code.w, code.y],
    [code.x, code.y + code.h],
    [code.x + code.w, code.y + code.h],
  ].map(([x, y]) => {
    const dx = x! - CARD.width / 2;
    const dy = y! - CARD.height / 2;
    return [
      left + card.info.width / 2 + dx * Math.cos(a) - dy * Math.sin(a),
      top + card.info.height / 2 + dx * Math.sin(a) + dy * Math.cos(a),
    ];
  });
  const xs = corners.map((c) => c[0]!);
  const ys = corners.map((c) => c[1]!);
  const box = { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
  return { jpeg, width, height, beside, box: { x: Math.round(box.x), y: Math.round(box.y), w: Math.round(box.w), h: Math.round(box.h) } };
}
