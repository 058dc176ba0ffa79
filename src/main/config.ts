import fs from 'node:fs';
import path from 'node:path';

export const DEFAULT_API_URL = 'http://127.0.0.1:8787/api/';
export const SETTINGS_FILE = 'settings.json';

export interface ApiUrlChoice {
  /** Absolute http(s) URL ending with '/'. */
  apiUrl: string;
  source: 'env' | 'settings' | 'default';
  /** Set when a configured value was unusable and a later source was used instead. */
  warning?: string;
}

/** http(s) URL with a trailing slash, or null. */
export function normalizeApiUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password) return null;
  u.hash = '';
  u.search = '';
  if (!u.pathname.endsWith('/')) u.pathname += '/';
  return u.toString();
}

/** Reads `{ "apiUrl": "..." }` from the settings file in userData; missing file -> undefined. */
export function readSettings(userDataDir: string): { apiUrl?: unknown; updateUrl?: unknown } | undefined {
  const file = path.join(userDataDir, SETTINGS_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as { apiUrl?: unknown; updateUrl?: unknown }) : {};
  } catch {
    return {};
  }
}

/** The API the app talks to: API_URL, else the settings file, else the local default. */
export function resolveApiUrl(env: Record<string, string | undefined>, userDataDir: string): ApiUrlChoice {
  const warnings: string[] = [];
  if (env.API_URL !== undefined && env.API_URL !== '') {
    const u = normalizeApiUrl(env.API_URL);
    if (u) return { apiUrl: u, source: 'env' };
    warnings.push(`API_URL is not an http(s) URL: ${JSON.stringify(env.API_URL)}`);
  }
  const settings = readSettings(userDataDir);
  if (settings && settings.apiUrl !== undefined) {
    const u = normalizeApiUrl(settings.apiUrl);
    if (u) return { apiUrl: u, source: 'settings', ...(warnings.length ? { warning: warnings.join('; ') } : {}) };
    warnings.push(`apiUrl in ${path.join(userDataDir, SETTINGS_FILE)} is not an http(s) URL`);
  }
  return { apiUrl: DEFAULT_API_URL, source: 'default', ...(warnings.length ? { warning: warnings.join('; ') } : {}) };
}
