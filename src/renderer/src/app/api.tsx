import { useCallback, useMemo } from 'react';
import type { ApiResult, ArgsOf, OperationName, ResponseOf } from '../../../shared/endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../api/query';
import { isOk } from '../api/results';
import type { Transport } from '../api/transport';
import { useTransport } from '../api/TransportContext';
import { useLoader } from '../components/Loader';

export { TransportProvider, useTransport } from '../api/TransportContext';
export { errorText, fieldErrors, isOk, msgText } from '../api/results';

export type CallFn = <K extends OperationName>(op: K, args: ArgsOf<K>, opts?: { loader?: boolean }) => Promise<ApiResult<ResponseOf<K>>>;

/**
 * An imperative call outside the query cache (`useApiQuery` / `useApiMutation` in api/query.ts are the usual way):
 * shows the full-page loader while in flight (unless `{loader: false}`); a successful write refreshes the queries it
 * changed (WRITE_INVALIDATES); it never throws.
 */
export function useApi(): { transport: Transport; call: CallFn } {
  const transport = useTransport();
  const loader = useLoader();
  const client = useQueryClient();
  const call = useCallback<CallFn>(
    async (op, args, opts) => {
      const withLoader = opts?.loader !== false;
      if (withLoader) loader.show();
      try {
        const r = await transport.call(op, args);
        if (isOk(r)) await invalidateAfter(client, op);
        return r;
      } catch {
        return { status: 0, data: { message: 'The request failed' } };
      } finally {
        if (withLoader) loader.hide();
      }
    },
    [transport, loader, client],
  );
  return useMemo(() => ({ transport, call }), [transport, call]);
}
