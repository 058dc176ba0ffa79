import zlib from 'node:zlib';

/** The parts of Electron the dock / taskbar badge uses. */
export interface BadgeApp {
  setBadgeCount(count?: number): boolean;
}
export interface BadgeWindow {
  setOverlayIcon(overlay: unknown, description: string): void;
}

/**
 * Shows the count of cards pending review: macOS dock and Linux (Unity launchers) through `app.setBadgeCount`,
 * Windows as the taskbar button's overlay icon (`overlay()` makes it; none when 0). Staff only; 0 clears it.
 */
export function applyBadge(
  count: number,
  target: { platform: NodeJS.Platform; app: BadgeApp; window: BadgeWindow | null; overlay: () => unknown },
): void {
  const n = Number.isInteger(count) && count > 0 ? count : 0;
  if (target.platform === 'win32') {
    target.window?.setOverlayIcon(n > 0 ? target.overlay() : null, n > 0 ? `${n} gift card${n === 1 ? '' : 's'} to review` : '');
    return;
  }
  try {
    target.app.setBadgeCount(n);
  } catch {
    /* a Linux desktop without launcher badges */
  }
}

/**
 * Keeps the badge in step: `refresh()` (on login, on pending.changed, after a reconnect) reads the count and applies
 * it, one read at a time; `clear()` on logout. Sellers get no badge.
 */
export function createBadgeUpdater(opts: { isStaff: () => boolean; pending: () => Promise<number | null>; apply: (n: number) => void }) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async () => {
    do {
      again = false;
      const n = opts.isStaff() ? await opts.pending().catch(() => null) : 0;
      if (n !== null) opts.apply(n);
    } while (again);
    running = null;
  };
  return {
    refresh(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      return (running = run());
    },
    clear: () => opts.apply(0),
  };
}

/** A 16 x 16 red dot (PNG) for the Windows overlay icon. */
export function overlayDotPng(): Buffer {
  const size = 16;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const inside = (x - 7.5) ** 2 + (y - 7.5) ** 2 <= 7.5 ** 2;
      raw.set(inside ? [211, 47, 47, 255] : [0, 0, 0, 0], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
