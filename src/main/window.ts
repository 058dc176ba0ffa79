import { API_ORIGIN_ARG } from '../shared/bridge';

export interface WindowLike {
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  loadURL(url: string): Promise<void>;
}

export type BrowserWindowCtor<W extends WindowLike> = new (options: Record<string, unknown>) => W;

/**
 * The app window. webPreferences state the Electron security checklist explicitly (and literally, so the
 * static scan can read them): isolated, sandboxed, no Node, web security on, no webview, no middle-click windows.
 */
export function createMainWindow<W extends WindowLike>(
  BrowserWindow: BrowserWindowCtor<W>,
  opts: {
    preload: string;
    apiOrigin: string;
    startUrl: string;
    icon?: string;
    bounds?: { x?: number; y?: number; width: number; height: number };
  },
): W {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    ...opts.bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Gift Card Back-Office',
    backgroundColor: '#ffffff',
    ...(opts.icon ? { icon: opts.icon } : {}),
    webPreferences: {
      // Reviewed (scan finding PRELOAD_JS_CHECK asks for it): the preload exposes named functions only, never ipcRenderer.
      preload: opts.preload, // eng-disable PRELOAD_JS_CHECK
      additionalArguments: [`${API_ORIGIN_ARG}${opts.apiOrigin}`],
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(opts.startUrl);
  return win;
}
