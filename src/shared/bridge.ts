import type { ApiResult, PickedFile } from './endpoints';
import type { LoginResponse } from './types';
import type { LiveEvent } from './events';
import type { StreamStatus } from './event-stream';

/**
 * The desktop bridge: what the preload script exposes as `window.giftCardApi` (named functions only)
 * and the IPC channels behind it. Main keeps the token; the renderer never sees it.
 */
export const IPC = {
  sessionLogin: 'session:login',
  sessionLogout: 'session:logout',
  sessionGet: 'session:get',
  apiCall: 'api:call',
  filesPick: 'files:pick',
  /** Save the window's print layout as a PDF through the Save dialog. */
  savePdf: 'files:save-pdf',
  /** Stream a CSV export of the API to a file chosen in the Save dialog. */
  exportCsv: 'files:export-csv',
  /** main -> renderer: how far the CSV export being written is (an ExportProgress). */
  exportProgress: 'files:export-progress',
  /** main -> renderer: what the live event stream main holds hears (a LiveMessage). */
  live: 'live:message',
  /** main -> renderer: a menu, deep link or notification asks for something (an AppCommand). */
  command: 'app:command',
} as const;
export type IpcChannel = (typeof IPC)[keyof typeof IPC];

/** Shown after login when the OS keychain is unavailable and the token is kept for this run only. */
export const SESSION_NOT_SAVED_NOTICE = 'You will need to sign in again next time: this computer has no keychain to keep your session.';

/** Login answer inside the app: `token` is always '' (main keeps it); `notice` is set when the session is not saved. */
export type BridgeLoginResponse = LoginResponse & { notice?: string };

/** The argument passed to `--gcbo-api-origin=` so the preload can tell the renderer where images live. */
export const API_ORIGIN_ARG = '--gcbo-api-origin=';

/** What main forwards from its event stream to the renderer. */
export type LiveMessage =
  { kind: 'event'; event: LiveEvent } | { kind: 'status'; status: StreamStatus } | { kind: 'resync' } | { kind: 'signedOut' };

/** What the desktop shell asks of the page: open a screen (a path checked against the app's routes), search, reload. */
export type AppCommand = { kind: 'navigate'; path: string } | { kind: 'search' } | { kind: 'reload' };
/** How far an export is: lines written after the header, and bytes. */
export interface ExportProgress {
  rows: number;
  bytes: number;
  done?: boolean;
}
/** What a save through the Save dialog did: nothing (cancelled), a file, or a refusal with the server's text. */
export type SaveResult = { saved: true; path: string; bytes: number; rows?: number } | { saved: false; status?: number; message?: string };

export interface GiftCardBridge {
  /** Origin of the API server (`http://127.0.0.1:8787`), for image URLs (`/storage/images/...`). */
  readonly apiOrigin: string;
  login(email: string, password: string): Promise<ApiResult<BridgeLoginResponse>>;
  logout(): Promise<void>;
  session(): Promise<LoginResponse['user'] | null>;
  /** One named operation of the contract; main checks it, adds the token and calls the API. */
  call(op: string, args: unknown): Promise<ApiResult>;
  /** The native image picker; the files stay in main, the renderer gets ids and previews. */
  pickImages(multiple: boolean): Promise<PickedFile[]>;
  /** Saves the window as a PDF (its print layout) through the native Save dialog. */
  savePdf(fileName: string): Promise<SaveResult>;
  /** Streams a CSV export (an operation of the contract marked csv) into a file chosen in the Save dialog. */
  exportCsv(op: string, args: unknown, fileName: string): Promise<SaveResult>;
  /** Progress of the running CSV export; returns the function that stops listening. */
  onExportProgress(listener: (progress: ExportProgress) => void): () => void;
  /** Live events from main's stream; returns the function that stops listening. */
  onLive(listener: (message: LiveMessage) => void): () => void;
  /** Commands of the menu, deep links and notifications; returns the function that stops listening. */
  onCommand(listener: (command: AppCommand) => void): () => void;
}
