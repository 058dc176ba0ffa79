import { LIMITS } from '../../shared/limits';

/**
 * One dedicated connection LISTENing on the given channels (the process's one listener, however many streams are open);
 * when it drops it reconnects (1 s, then up to 10 s apart).
 */
export async function listenOn(
  pg: typeof import('pg').default,
  url: string,
  channels: Record<string, (payload: string) => void>,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  for (const channel of Object.keys(channels)) if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: import('pg').Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1000;
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      connect().then(
        () => onReconnect?.(),
        () => schedule(),
      );
    }, delay);
    delay = Math.min(delay * 2, LIMITS.database.reconnectMaxMs.value);
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (Object.hasOwn(channels, n.channel) && n.payload !== undefined) channels[n.channel](n.payload);
    });
    let up = false;
    const lost = () => {
      if (!up || client !== c) return;
      client = null;
      c.end().catch(() => {});
      schedule();
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      for (const channel of Object.keys(channels)) await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    up = true;
    client = c;
    delay = 1000;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
