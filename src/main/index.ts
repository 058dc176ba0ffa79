// Electron main: wiring only. Everything it does lives in plain modules that take Electron's objects.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  protocol,
  screen,
  session,
  shell,
  type IpcMainInvokeEvent,
  type MenuItemConstructorOptions,
} from 'electron';
import electronUpdater from 'electron-updater';
import Store from 'electron-store';
import path from 'node:path';
import { IPC, type AppCommand } from '../shared/bridge';
import { applyBadge, overlayDotPng } from './badge';
import { createDesktopCore } from './desktop-core';
import { parseDeepLink, wireDeepLinks } from './deep-link';
import { menuTemplate } from './menu';
import { showWith } from './notifications';
import { startAutoUpdates, updateFeedUrl } from './updater';
import { keepWindowState, placeWindow, WINDOW_STATE_KEY } from './window-state';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, createBundleHandler } from './app-protocol';
import { resolveApiUrl } from './config';
import { createKeychainVault } from './keychain';
import { contentSecurityPolicy, createOrigins, hardenWebContents, installSessionSecurity, isTrustedSender } from './security';
import { createMainWindow } from './window';

const here = import.meta.dirname;
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const origins = createOrigins(devServerUrl);

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();
const firstInstance = app.requestSingleInstanceLock();
// macOS may hand over a deep link before the app is ready (it launched the app for it): kept until start() wires them.
let earlyLink: string | null = null;
const keepEarlyLink = (event: { preventDefault(): void }, url: string) => {
  event.preventDefault();
  earlyLink = url;
};
app.on('open-url', keepEarlyLink);

// Every web contents (including any a bug might create) gets the navigation and window-open locks.
app.on('web-contents-created', (_e, contents) => hardenWebContents(contents, origins, shell));

let mainWindow: BrowserWindow | null = null;

async function start(): Promise<void> {
  const { apiUrl, source, warning } = resolveApiUrl(process.env, app.getPath('userData'));
  if (warning) console.warn(warning);
  console.log(`API: ${apiUrl} (${source})`);
  const apiOrigin = new URL(apiUrl).origin;
  const csp = contentSecurityPolicy(apiOrigin, devServerUrl);

  protocol.handle(
    APP_SCHEME,
    createBundleHandler(
      path.join(here, '../renderer'),
      () => ({ 'Content-Security-Policy': csp }),
      (photo) => net.fetch(new URL(photo, apiOrigin).toString()),
    ),
  );
  installSessionSecurity(session.defaultSession, csp);

  const core = createDesktopCore<IpcMainInvokeEvent>({
    apiUrl,
    store: new Store({ name: 'session-state', clearInvalidConfig: true }),
    vault: createKeychainVault(),
    dialog,
    ipcMain,
    isTrusted: (e) => isTrustedSender(e, origins) && !!mainWindow && e.sender === mainWindow.webContents,
    windowOf: (e) => BrowserWindow.fromWebContents(e.sender),
    contentsOf: (e) => e.sender,
    sendToPage: (channel, message) => mainWindow?.webContents.send(channel, message),
    fetch: (input, init) => net.fetch(input as string, init),
    showNotification: showWith(Notification, (p) => openPath(p)),
    applyBadge: (n) =>
      applyBadge(n, {
        platform: process.platform,
        app,
        window: mainWindow,
        overlay: () => nativeImage.createFromBuffer(overlayDotPng()),
      }),
    onSessionChange: () => buildMenu(),
    log: (m) => console.warn(m),
  });

  // What the shell asks of the page (menu, deep links, notifications); a link that arrives before the page is
  // ready waits for it.
  let pendingPath: string | null = null;
  const command = (c: AppCommand) => mainWindow?.webContents.send(IPC.command, c);
  const focus = () => {
    if (!mainWindow) return open();
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  };
  const openPath = (p: string) => {
    focus();
    if (mainWindow && !mainWindow.webContents.isLoading()) command({ kind: 'navigate', path: p });
    else pendingPath = p;
  };

  // Menu per role; rebuilt on login and logout, and when an update is ready.
  let restartToUpdate: (() => void) | undefined;
  function buildMenu() {
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          role: core.session.user()?.role ?? null,
          platform: process.platform,
          dev: !app.isPackaged,
          actions: {
            go: (p) => openPath(p),
            search: () => command({ kind: 'search' }),
            reload: () => command({ kind: 'reload' }),
            restartToUpdate,
          },
        }) as MenuItemConstructorOptions[],
      ),
    );
  }

  const windowStore = new Store({ name: 'window-state', clearInvalidConfig: true });
  function open() {
    const workAreas = [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((d) => d.workArea);
    const place = placeWindow(windowStore.get(WINDOW_STATE_KEY), workAreas);
    const win = createMainWindow(BrowserWindow, {
      preload: path.join(here, '../preload/index.cjs'),
      apiOrigin,
      startUrl: origins.startUrl,
      bounds: { width: place.width, height: place.height, ...(place.x !== undefined ? { x: place.x, y: place.y } : {}) },
    });
    if (place.maximized) win.maximize();
    keepWindowState(win, windowStore);
    win.webContents.on('did-finish-load', () => {
      if (pendingPath) command({ kind: 'navigate', path: pendingPath });
      pendingPath = null;
    });
    win.on('closed', () => (mainWindow = null));
    mainWindow = win;
  }
  open();
  core.sync();
  app.on('activate', () => {
    if (!mainWindow) open();
  });
  app.removeListener('open-url', keepEarlyLink);
  const fromArgs = wireDeepLinks(app, {
    open: openPath,
    focus,
    argv: process.argv,
    defaultApp: process.defaultApp === true,
    execPath: process.execPath,
    appPath: process.argv[1] ? path.resolve(process.argv[1]) : undefined,
  });
  const linked = (earlyLink ? parseDeepLink(earlyLink) : null) ?? fromArgs;
  if (linked) openPath(linked);

  const updates = startAutoUpdates({
    updater: electronUpdater.autoUpdater,
    isPackaged: app.isPackaged,
    feedUrl: updateFeedUrl(process.env, app.getPath('userData')),
    log: (m) => console.warn(m),
    ready: (restart, version) => {
      restartToUpdate = restart;
      buildMenu();
      void dialog
        .showMessageBox({
          type: 'info',
          buttons: ['Restart to Update', 'Later'],
          defaultId: 0,
          cancelId: 1,
          message: `Version ${version ?? 'new'} of Gift Card Back-Office is ready.`,
          detail: 'Restart now to use it, or later: it is installed when the app quits.',
        })
        .then((r) => r.response === 0 && restart());
    },
  });
  console.log(updates.on ? `Updates: ${updates.feedUrl}` : `Updates: off (${updates.why})`);
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

if (!firstInstance) {
  app.quit(); // the running instance comes to the front instead
} else {
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      console.error(err);
      app.quit();
    });
}
