import axios, { type AxiosInstance } from 'axios';
import type { ApiResult } from '../shared/endpoints';
import { LIMITS } from '../shared/limits';

export const UNREACHABLE = 'The server could not be reached';

/** The one HTTP client of main: every answer resolves (validateStatus), no redirects (the token stays on our API). */
export function createApiClient(apiUrl: string): AxiosInstance {
  return axios.create({
    baseURL: apiUrl,
    validateStatus: () => true,
    timeout: LIMITS.desktop.requestMs.value,
    maxRedirects: 0,
    maxContentLength: LIMITS.desktop.answerBytes.value,
    maxBodyLength: LIMITS.desktop.sendBytes.value,
    headers: { Accept: 'application/json' },
  });
}

/** Sends one request; network failures become status 0 like the browser transport. */
export async function send<R = unknown>(
  client: AxiosInstance,
  req: { method: string; path: string; token?: string | null; data?: unknown; ifMatch?: string },
): Promise<ApiResult<R>> {
  try {
    const res = await client.request({
      method: req.method,
      url: req.path,
      data: req.data,
      headers: { ...(req.token ? { Authorization: `Bearer ${req.token}` } : {}), ...(req.ifMatch ? { 'If-Match': req.ifMatch } : {}) },
    });
    const etag = res.headers?.etag;
    return { status: res.status, data: res.data as R, ...(typeof etag === 'string' ? { etag } : {}) };
  } catch {
    return { status: 0, data: { message: UNREACHABLE } };
  }
}
