import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_REQUEST } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { HttpError } from './errors';

export interface UploadedFile {
  /** Field name without its index: `gallery[2]` -> `gallery`. */
  field: string;
  /** The client's file name: for display only, never used as a path. */
  filename: string;
  data: Buffer;
}

export interface RequestBody {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

const baseField = (name: string) => name.replace(/\[\d*\]$/, '');

/** JSON, urlencoded and multipart bodies alike become {fields, files}. */
export async function readBody(request: FastifyRequest): Promise<RequestBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || body === '') return { fields: {}, files: [] };
    if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(422, { message: 'The request body must be an object' });
    return { fields: { ...(body as Record<string, unknown>) }, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES_PER_REQUEST, fields: 50, fieldSize: 64 * 1024, parts: 80 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0) files.push({ field: baseField(part.fieldname), filename: part.filename ?? '', data });
      } else {
        fields[baseField(part.fieldname)] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, { message: MSG.imageTooLarge, errorMsg: MSG.imageTooLarge });
    if (code === 'FST_FILES_LIMIT_REACHED' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(413, { message: `At most ${MAX_IMAGES_PER_REQUEST} images and 50 fields per request` });
    throw new HttpError(400, { message: 'The upload could not be read; please send it again' });
  }
  return { fields, files };
}
