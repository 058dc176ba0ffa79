import type { AxiosInstance } from 'axios';
import { buildPath, endpoints, isCsvOperation, type ApiResult } from '../shared/endpoints';
import { MSG } from '../shared/messages';
import { isPublicOperation } from '../shared/access-policy';
import { fileFieldName, formWithFields } from '../shared/form-data';
import { send } from './api-client';
import type { FilePicker } from './file-picker';
import type { SessionManager } from './session';
import { checkCall, type CheckedCall } from './validate-args';

export const PICK_AGAIN = 'The chosen image is no longer available; please choose it again.';

/** Multipart body from checked fields and files held by the picker: gallery -> gallery[0], gallery[1], ... */
export function buildFormData(
  body: Record<string, unknown> | undefined,
  files: Record<string, string[]>,
  picker: FilePicker,
): FormData | ApiResult<never> {
  const fd = formWithFields(body);
  for (const [field, ids] of Object.entries(files)) {
    for (const [i, id] of ids.entries()) {
      const f = picker.get(id);
      if (!f) return { status: 422, data: { message: PICK_AGAIN, errorMsg: PICK_AGAIN, errors: { [field]: [PICK_AGAIN] } } };
      if (!f.bytes)
        return { status: 422, data: { message: MSG.imageTooLarge, errorMsg: MSG.imageTooLarge, errors: { [field]: [MSG.imageTooLarge] } } };
      fd.append(fileFieldName(field, i), new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
    }
  }
  return fd;
}

/** Session calls have their own bridge functions: `call` never carries a password or hands out a token. */
const SESSION_OPS = new Set(['login', 'logout']);

export type Forward = (op: unknown, args: unknown) => Promise<ApiResult>;

/** Forwards one named operation: checked against the contract, token added here, nothing else from the renderer. */
export function createApiForwarder(deps: { client: AxiosInstance; session: SessionManager; picker: FilePicker }): Forward {
  const { client, session, picker } = deps;
  return async (op, args) => {
    const checked = checkCall(op, args);
    if (!checked.ok) return checked.result;
    const call: CheckedCall = checked.call;
    if (SESSION_OPS.has(call.op)) return { status: 400, data: { message: 'Use the login and logout functions of the bridge' } };
    if (isCsvOperation(call.op)) return { status: 400, data: { message: 'Use the exportCsv function of the bridge' } };
    const def = endpoints[call.op];
    const token = session.token();
    if (!isPublicOperation(call.op) && !token) return { status: 401, data: { message: MSG.unauthenticated } };

    let data: unknown = call.body;
    if (call.files) {
      const fd = buildFormData(call.body, call.files, picker);
      if (!(fd instanceof FormData)) return fd;
      data = fd;
    }
    const res = await send(client, { method: def.method, path: buildPath(call.op, call), token, data, ifMatch: call.ifMatch });
    // A refused token is gone for good: forget it unless another login happened meanwhile.
    if (res.status === 401 && token && session.token() === token) session.clear();
    if (res.status >= 200 && res.status < 300 && call.files) picker.release(Object.values(call.files).flat());
    return res;
  };
}
