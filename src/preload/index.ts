// Sandboxed preload (bundled as CommonJS): exposes named operations only, never ipcRenderer itself.
import { contextBridge, ipcRenderer } from 'electron';
import { API_ORIGIN_ARG, IPC, type AppCommand, type ExportProgress, type GiftCardBridge, type LiveMessage } from '../shared/bridge';

const originArg = process.argv.find((a) => a.startsWith(API_ORIGIN_ARG));

const bridge: GiftCardBridge = {
  apiOrigin: originArg ? originArg.slice(API_ORIGIN_ARG.length) : '',
  login: (email, password) => ipcRenderer.invoke(IPC.sessionLogin, String(email), String(password)),
  logout: () => ipcRenderer.invoke(IPC.sessionLogout),
  session: () => ipcRenderer.invoke(IPC.sessionGet),
  call: (op, args) => ipcRenderer.invoke(IPC.apiCall, String(op), args),
  pickImages: (multiple) => ipcRenderer.invoke(IPC.filesPick, multiple === true),
  savePdf: (fileName) => ipcRenderer.invoke(IPC.savePdf, String(fileName)),
  exportCsv: (op, args, fileName) => ipcRenderer.invoke(IPC.exportCsv, String(op), args, String(fileName)),
  onExportProgress: (listener) => {
    const handler = (_e: unknown, progress: ExportProgress) => listener(progress);
    ipcRenderer.on(IPC.exportProgress, handler);
    return () => void ipcRenderer.removeListener(IPC.exportProgress, handler);
  },
  // Only the message travels to the page, never the IPC event (which would expose the sender).
  onLive: (listener) => {
    const handler = (_e: unknown, message: LiveMessage) => listener(message);
    ipcRenderer.on(IPC.live, handler);
    return () => void ipcRenderer.removeListener(IPC.live, handler);
  },
  onCommand: (listener) => {
    const handler = (_e: unknown, command: AppCommand) => listener(command);
    ipcRenderer.on(IPC.command, handler);
    return () => void ipcRenderer.removeListener(IPC.command, handler);
  },
};

contextBridge.exposeInMainWorld('giftCardApi', bridge);
