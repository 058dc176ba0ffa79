import { API_ORIGIN_ARG } from '../shared/bridge';
import { secureWebPreferences } from './security';

export interface WindowLike {
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  loadURL(url: string): Promise<void>;
}

export type BrowserWindowCtor<W extends WindowLike> = new (options: Record<string, unknown>) => W;

/** The app window: secure webPreferences, the API origin handed to the preload, our start page. */
export function createMainWindow<W extends WindowLike>(
  BrowserWindow: BrowserWindowCtor<W>,
  opts: { preload: string; apiOrigin: string; startUrl: string; icon?: string },
): W {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Gift Card Back-Office',
    backgroundColor: '#ffffff',
    ...(opts.icon ? { icon: opts.icon } : {}),
    webPreferences: secureWebPreferences(opts.preload, [`${API_ORIGIN_ARG}${opts.apiOrigin}`]),
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(opts.startUrl);
  return win;
}
