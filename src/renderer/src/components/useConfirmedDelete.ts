import { useCallback } from 'react';
import type { OperationName } from '../../../shared/endpoints';
import { MSG } from '../../../shared/messages';
import { errorText, isOk, msgText, useApi } from '../app/api';
import { useConfirm } from './Confirm';
import { useNotify } from './notify';

type DeleteOp = Extract<OperationName, 'deleteUser' | 'deleteOffer' | 'deleteCard' | 'deleteCardImage' | 'deleteComment'>;

/**
 * The delete flow every screen shares: confirm ('Are you sure? ...'), call, toast. The success toast is the
 * server's msg (or 'Deleted! Delete Success.' without one), or `successText` when given. Resolves null when the
 * user cancelled, else whether the record was deleted.
 */
export function useConfirmedDelete() {
  const { call } = useApi();
  const confirm = useConfirm();
  const notify = useNotify();
  return useCallback(
    async (op: DeleteOp, id: number, successText?: string): Promise<boolean | null> => {
      if (!(await confirm())) return null;
      const r = await call(op, { id });
      if (isOk(r)) notify.success(successText ?? msgText(r, MSG.deleteSuccess));
      else notify.error(errorText(r, MSG.deleteFailed));
      return isOk(r);
    },
    [call, confirm, notify],
  );
}
