// Sandboxed preload (bundled as CommonJS): exposes named operations only, never ipcRenderer itself.
import { contextBridge, ipcRenderer } from 'electron';
import { API_ORIGIN_ARG, IPC, type GiftCardBridge } from '../shared/bridge';

const originArg = process.argv.find((a) => a.startsWith(API_ORIGIN_ARG));

const bridge: GiftCardBridge = {
  apiOrigin: originArg ? originArg.slice(API_ORIGIN_ARG.length) : '',
  login: (email, password) => ipcRenderer.invoke(IPC.sessionLogin, String(email), String(password)),
  logout: () => ipcRenderer.invoke(IPC.sessionLogout),
  session: () => ipcRenderer.invoke(IPC.sessionGet),
  call: (op, args) => ipcRenderer.invoke(IPC.apiCall, String(op), args),
  pickImages: (multiple) => ipcRenderer.invoke(IPC.filesPick, multiple === true),
};

contextBridge.exposeInMainWorld('giftCardApi', bridge);
