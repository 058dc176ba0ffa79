import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResult, OperationName } from '../../../shared/endpoints';
import { MSG } from '../../../shared/messages';
import { invalidateAfter } from '../api/query';
import { errorText, isOk, msgText } from '../api/results';
import { useTransport } from '../api/TransportContext';
import { useConfirm } from './Confirm';
import { useNotify } from './notify';

type DeleteOp = Extract<OperationName, 'deleteUser' | 'deleteOffer' | 'deleteCard' | 'deleteCardImage' | 'deleteComment'>;

/**
 * The delete flow every screen shares: confirm ('Are you sure? ...'), call, toast, refresh what the delete changed
 * (WRITE_INVALIDATES). The success toast is the server's msg (or 'Deleted! Delete Success.' without one), or
 * `successText` when given; `what` names the record under the spec's prompt ("the user Ann (ann@example.com)", issue 55:
 * the prompt was the same for everything). Resolves null when the user cancelled, else whether the record was deleted.
 */
export function useConfirmedDelete() {
  const transport = useTransport();
  const client = useQueryClient();
  const confirm = useConfirm();
  const notify = useNotify();
  const { mutateAsync } = useMutation<ApiResult<unknown>, Error, { op: DeleteOp; id: number }>({
    mutationKey: ['delete'],
    mutationFn: ({ op, id }) => transport.call(op, { id }),
    onSuccess: async (r, { op }) => {
      if (isOk(r)) await invalidateAfter(client, op);
    },
  });
  return useCallback(
    async (op: DeleteOp, id: number, successText?: string, what?: string): Promise<boolean | null> => {
      if (!(await confirm(MSG.deleteConfirm, what ? { detail: `Deletes ${what}.` } : {}))) return null;
      const r = await mutateAsync({ op, id }).catch((): ApiResult<unknown> => ({ status: 0, data: {} }));
      if (isOk(r)) notify.success(successText ?? msgText(r, MSG.deleteSuccess));
      else notify.error(errorText(r, MSG.deleteFailed));
      return isOk(r);
    },
    [mutateAsync, confirm, notify],
  );
}
