// Electron main: wiring only. Everything it does lives in plain modules that take Electron's objects.
import { app, BrowserWindow, dialog, ipcMain, net, protocol, session, shell, type IpcMainInvokeEvent } from 'electron';
import Store from 'electron-store';
import path from 'node:path';
import { createApiClient } from './api-client';
import { createApiForwarder } from './api-forwarder';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, createBundleHandler } from './app-protocol';
import { resolveApiUrl } from './config';
import { createFilePicker } from './file-picker';
import { apiHandlers, fileHandlers, sessionHandlers } from './ipc/handlers';
import { registerHandlers } from './ipc/register';
import { createKeychainVault } from './keychain';
import { contentSecurityPolicy, createOrigins, hardenWebContents, installSessionSecurity, isTrustedSender } from './security';
import { createSessionManager } from './session';
import { createMainWindow } from './window';

const here = import.meta.dirname;
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const origins = createOrigins(devServerUrl);

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();
const firstInstance = app.requestSingleInstanceLock();

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

  const client = createApiClient(apiUrl);
  const store = new Store({ name: 'session-state', clearInvalidConfig: true });
  const sessionManager = createSessionManager({ store, vault: createKeychainVault(), client, apiUrl, log: (m) => console.warn(m) });
  sessionManager.restore();
  const picker = createFilePicker({ dialog });
  const forward = createApiForwarder({ client, session: sessionManager, picker });

  registerHandlers<IpcMainInvokeEvent>(
    ipcMain,
    (e) => isTrustedSender(e, origins) && !!mainWindow && e.sender === mainWindow.webContents,
    sessionHandlers(sessionManager),
    apiHandlers(forward),
    fileHandlers(picker, (e) => BrowserWindow.fromWebContents(e.sender)),
  );

  const open = () => {
    mainWindow = createMainWindow(BrowserWindow, {
      preload: path.join(here, '../preload/index.cjs'),
      apiOrigin,
      startUrl: origins.startUrl,
    });
    mainWindow.on('closed', () => (mainWindow = null));
  };
  open();
  app.on('activate', () => {
    if (!mainWindow) open();
  });
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
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
