import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { ApiResult, ArgsOf, OperationName, ResponseOf } from '../../../shared/endpoints';
import type { ApiError } from '../../../shared/types';
import type { Transport } from '../api/transport';
import { useLoader } from '../components/Loader';

const TransportContext = createContext<Transport | null>(null);

export function TransportProvider({ transport, children }: { transport: Transport; children: ReactNode }) {
  return <TransportContext.Provider value={transport}>{children}</TransportContext.Provider>;
}

export function useTransport(): Transport {
  const t = useContext(TransportContext);
  if (!t) throw new Error('useTransport must be used inside TransportProvider');
  return t;
}

export type CallFn = <K extends OperationName>(op: K, args: ArgsOf<K>, opts?: { loader?: boolean }) => Promise<ApiResult<ResponseOf<K>>>;

/** `call(op, args)` shows the full-page loader while in flight (unless `{loader: false}`); it never throws. */
export function useApi(): { transport: Transport; call: CallFn } {
  const transport = useTransport();
  const loader = useLoader();
  const call = useCallback<CallFn>(
    async (op, args, opts) => {
      const withLoader = opts?.loader !== false;
      if (withLoader) loader.show();
      try {
        return await transport.call(op, args);
      } catch {
        return { status: 0, data: { message: 'The request failed' } };
      } finally {
        if (withLoader) loader.hide();
      }
    },
    [transport, loader],
  );
  return useMemo(() => ({ transport, call }), [transport, call]);
}

/** A 2xx answer; narrows `data` to the response type. */
export function isOk<R>(result: ApiResult<R>): result is { status: number; data: R } {
  return result.status >= 200 && result.status < 300;
}

/** The server's `errorMsg` when the answer has one, else the fallback. */
export function errorText(result: ApiResult<unknown>, fallback: string): string {
  const d = result.data as Partial<ApiError> | null | undefined;
  return d && typeof d === 'object' && typeof d.errorMsg === 'string' && d.errorMsg ? d.errorMsg : fallback;
}

/** The server's `msg` on success, else the fallback. */
export function msgText(result: ApiResult<unknown>, fallback: string): string {
  const d = result.data as { msg?: unknown } | null | undefined;
  return d && typeof d === 'object' && typeof d.msg === 'string' && d.msg ? d.msg : fallback;
}

/** Field errors of a 422 (`{errors: {field: [text]}}`) as field -> first text. */
export function fieldErrors(result: ApiResult<unknown>): Record<string, string> {
  const d = result.data as Partial<ApiError> | null | undefined;
  const out: Record<string, string> = {};
  if (d && typeof d === 'object' && d.errors) for (const [k, v] of Object.entries(d.errors)) if (v?.[0]) out[k] = v[0];
  return out;
}
