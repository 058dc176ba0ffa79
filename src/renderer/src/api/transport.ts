import type { ApiResult, ArgsOf, OperationName, PickedFile, ResponseOf } from '../../../shared/endpoints';
import type { LoginResponse } from '../../../shared/types';
import type { LiveListener } from '../../../shared/event-stream';
import type { AppCommand, ExportProgress, SaveResult } from '../../../shared/bridge';

export type { ExportProgress, SaveResult };

export type SessionUser = LoginResponse['user'];
export type { ApiResult, PickedFile };

/**
 * The one way screens talk to the API. Two implementations: IPC (inside Electron: main holds the
 * token and makes the request) and HTTP (browser mode: straight to the API, token kept for this tab).
 * Calls never throw for HTTP errors: they resolve with {status, data}; status 0 means the server was unreachable.
 */
export interface Transport {
  readonly kind: 'ipc' | 'http';
  login(email: string, password: string): Promise<ApiResult<LoginResponse>>;
  /** Revokes the token on the server (best effort) and forgets the session locally. */
  logout(): Promise<void>;
  /** The session restored at start-up, if any. */
  session(): Promise<SessionUser | null>;
  call<K extends OperationName>(op: K, args: ArgsOf<K>): Promise<ApiResult<ResponseOf<K>>>;
  /** Desktop only: the native file picker (images only). Browser mode uses a file input instead. */
  pickImages?(multiple: boolean): Promise<PickedFile[]>;
  /** Turns an image path from the API (`/storage/images/x.png`) into a URL the renderer can load. */
  imageUrl(path: string | null | undefined): string;
  /** Live events of the signed-in user (browser: a fetch stream; desktop: main holds it). Returns the unsubscribe. */
  events(listener: LiveListener): () => void;
  /** Desktop only: what the menu, a deep link or a notification asks the page to do. */
  onCommand?(listener: (command: AppCommand) => void): () => void;
  /**
   * A CSV export (an operation marked csv): in the app, the native Save dialog and main streams it to the file (the
   * renderer never holds it); in a browser, a streamed download. Progress as lines written.
   */
  exportCsv<K extends OperationName>(
    op: K,
    args: ArgsOf<K>,
    fileName: string,
    onProgress: (p: ExportProgress) => void,
  ): Promise<SaveResult>;
  /** Desktop only: the page's print layout saved as a PDF through the Save dialog. */
  savePdf?(fileName: string): Promise<SaveResult>;
  /** Called when any call answers 401 (token expired or revoked). */
  onUnauthorized(listener: () => void): () => void;
}

/** An image path from the API (`/storage/images/x.png`, or a bare file name) as a URL under the API's origin. */
export function imageUrlOf(origin: string, path: string | null | undefined): string {
  if (!path) return '';
  if (/^https?:\/\//.test(path)) return path;
  return `${origin}${path.startsWith('/') ? '' : '/storage/images/'}${path}`;
}
