import { buildPath, endpoints, type ApiResult, type ArgsOf, type OperationName, type ResponseOf } from '../../../shared/endpoints';
import type { LoginResponse } from '../../../shared/types';
import { fileFieldName, formWithFields } from '../../../shared/form-data';
import { startEventStream } from '../../../shared/event-stream';
import { LIMITS } from '../../../shared/limits';
import { imageUrlOf, type SessionUser, type Transport } from './transport';

const TOKEN_KEY = 'gcbo.token';
const USER_KEY = 'gcbo.user';

/** Builds a multipart body when the call carries files: gallery -> gallery[0], gallery[1], ... */
export function toFormData(
  body: Record<string, unknown> | undefined,
  files: Record<string, { file?: Blob; name: string }[] | undefined>,
): FormData {
  const fd = formWithFields(body);
  for (const [field, list] of Object.entries(files)) {
    (list ?? []).forEach((f, i) => {
      if (!f.file) return;
      fd.append(fileFieldName(field, i), f.file, f.name);
    });
  }
  return fd;
}

/** Browser mode: calls go straight to the API of the page's origin; the token lives in this tab only. */
export function createHttpTransport(baseUrl = `${window.location.origin}/api/`, storage: Storage = window.sessionStorage): Transport {
  const listeners = new Set<() => void>();
  const origin = new URL(baseUrl).origin;

  async function request<R>(method: string, path: string, data?: unknown, ifMatch?: string): Promise<ApiResult<R>> {
    const token = storage.getItem(TOKEN_KEY);
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    if (ifMatch) headers['If-Match'] = ifMatch;
    let body: BodyInit | undefined;
    if (data instanceof FormData) body = data;
    else if (data !== undefined) {
      body = JSON.stringify(data);
      headers['content-type'] = 'application/json';
    }
    try {
      // fetch (not a client library): the login screen's JavaScript stays small.
      const res = await fetch(new URL(path, baseUrl), {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(LIMITS.desktop.requestMs.value),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      if (res.status === 401 && token) listeners.forEach((l) => l());
      const etag = res.headers.get('etag');
      return { status: res.status, data: parsed as R, ...(etag ? { etag } : {}) };
    } catch {
      return { status: 0, data: { message: 'The server could not be reached' } };
    }
  }

  return {
    kind: 'http',
    async login(email, password) {
      const res = await request<LoginResponse>('POST', 'login', { email, password });
      if (res.status >= 200 && res.status < 300 && 'token' in (res.data as LoginResponse)) {
        const data = res.data as LoginResponse;
        storage.setItem(TOKEN_KEY, data.token);
        storage.setItem(USER_KEY, JSON.stringify(data.user));
        // The token stays in this transport; screens only see the user.
        return { status: res.status, data: { ...data, token: '' } };
      }
      return res;
    },
    async logout() {
      if (storage.getItem(TOKEN_KEY)) await request('POST', 'logout');
      storage.removeItem(TOKEN_KEY);
      storage.removeItem(USER_KEY);
    },
    async session() {
      const raw = storage.getItem(USER_KEY);
      if (!raw || !storage.getItem(TOKEN_KEY)) return null;
      try {
        return JSON.parse(raw) as SessionUser;
      } catch {
        return null;
      }
    },
    async call<K extends OperationName>(op: K, args: ArgsOf<K>) {
      const def = endpoints[op];
      const a = args as {
        id?: number;
        query?: Record<string, unknown>;
        body?: Record<string, unknown>;
        files?: Record<string, { file?: Blob; name: string }[]>;
        ifMatch?: string;
      };
      const path = buildPath(op, a);
      const hasFiles = a.files && Object.values(a.files).some((l) => l && l.length);
      const data = hasFiles ? toFormData(a.body, a.files!) : a.body;
      return request<ResponseOf<K>>(def.method, path, data, a.ifMatch);
    },
    async exportCsv(op, args, fileName, onProgress) {
      const token = storage.getItem(TOKEN_KEY);
      let res: Response;
      try {
        res = await fetch(new URL(buildPath(op, args as { query?: Record<string, unknown> }), baseUrl), {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
      } catch {
        return { saved: false, status: 0, message: 'The server could not be reached' };
      }
      if (!res.ok || !res.body) {
        const text = await res.text().catch(() => '');
        let message = `Export failed with status ${res.status}`;
        try {
          const body = JSON.parse(text) as { message?: string; errorMsg?: string };
          message = body.errorMsg ?? body.message ?? message;
        } catch {
          /* not JSON */
        }
        if (res.status === 401 && token) listeners.forEach((l) => l());
        return { saved: false, status: res.status, message };
      }
      const parts: Uint8Array[] = [];
      let rows = -1;
      let bytes = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.length;
        for (const b of value) if (b === 10) rows += 1;
        onProgress({ rows: Math.max(0, rows), bytes });
      }
      onProgress({ rows: Math.max(0, rows), bytes, done: true });
      const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return { saved: true, path: fileName, bytes, rows: Math.max(0, rows) };
    },
    imageUrl: (path) => imageUrlOf(origin, path),
    events: (listener) =>
      startEventStream({
        url: new URL('events', baseUrl).toString(),
        token: () => storage.getItem(TOKEN_KEY),
        fetch: (input, init) => fetch(input, init),
        listener: {
          ...listener,
          signedOut() {
            listener.signedOut();
            listeners.forEach((l) => l());
          },
        },
      }),
    onUnauthorized(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
