import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../shared/limits';
import { MSG } from '../../shared/messages';
import { sniffImageKind } from '../../shared/image-kind';
import { HttpError } from './errors';
import { takeUploadSlot, watchPace } from './upload-slots';

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

const { imagesPerRequest, fieldsPerRequest } = LIMITS.uploads;
const baseField = (name: string) => name.replace(/\[\d*\]$/, '');

/**
 * Reads one file part, judging its first bytes as they arrive: a part that is not a JPEG, PNG or WebP stops the
 * whole upload there, before the rest of it (and the parts after it) is buffered.
 */
async function readImagePart(stream: AsyncIterable<Buffer>, field: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let judged = false;
  for await (const chunk of stream) {
    chunks.push(chunk);
    size += chunk.length;
    if (!judged && size >= 16) {
      judged = true;
      if (!sniffImageKind(Buffer.concat(chunks))) throw notAnImage(field);
    }
  }
  if (!judged && size > 0) throw notAnImage(field);
  return Buffer.concat(chunks, size);
}
const notAnImage = (field: string) =>
  new HttpError(422, { message: MSG.notAnImage, errorMsg: MSG.notAnImage, errors: { [field]: [MSG.notAnImage] } });

/** Who may send what: multipart is read only for a signed-in caller, and only a route that takes files holds an upload slot. */
export interface BodyRules {
  /** The caller is signed in (the route checked it before the body is read). */
  signedIn: boolean;
  /** The fields of this route that take files; none: a file part is refused as soon as it starts. */
  fileFields: readonly string[];
}

/**
 * JSON, urlencoded and multipart bodies alike become {fields, files}. A multipart body is read only after the caller
 * is signed in (a public call refuses it unread: 415), and only a route that takes files reads files and holds an
 * upload slot while it does; elsewhere its fields alone are read.
 */
export async function readBody(request: FastifyRequest, rules: BodyRules): Promise<RequestBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || body === '') return { fields: {}, files: [] };
    if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(422, { message: 'The request body must be an object' });
    return { fields: { ...(body as Record<string, unknown>) }, files: [] };
  }
  if (!rules.signedIn || !request.user)
    throw new HttpError(415, { message: 'This call takes JSON or a urlencoded form, not multipart/form-data.' });
  const takesFiles = rules.fileFields.length > 0;
  const release = takesFiles ? takeUploadSlot(request.user.id, request.user.role !== 'seller') : () => {};
  const pace = takesFiles ? watchPace(request.raw) : null;
  const reading = readParts(request, rules.fileFields);
  try {
    // Cut for its pace: the answer goes at once and the slot with it; the parts left unread end with the connection.
    return await (pace ? Promise.race([reading, pace.tooSlow]) : reading);
  } catch (err) {
    reading.catch(() => {});
    if (err instanceof HttpError) throw err;
    const { code, statusCode } = err as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, { message: MSG.imageTooLarge, errorMsg: MSG.imageTooLarge });
    // Too many files, parts or fields (FST_FILES_LIMIT, FST_PARTS_LIMIT, FST_FIELDS_LIMIT): all 413s.
    if (statusCode === 413 || /^FST_(FILES|PARTS|FIELDS)_LIMIT/.test(code ?? ''))
      throw new HttpError(413, { message: `At most ${imagesPerRequest.value} images and ${fieldsPerRequest.value} fields per request` });
    throw new HttpError(400, { message: 'The upload could not be read; please send it again' });
  } finally {
    pace?.stop();
    release();
  }
}

/** A multipart body's fields, and its files if the route takes files (each judged as it arrives). */
async function readParts(request: FastifyRequest, fileFields: readonly string[]): Promise<RequestBody> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts({
    limits: {
      fileSize: LIMITS.uploads.imageBytes.value,
      files: fileFields.length > 0 ? imagesPerRequest.value : 1,
      fields: fieldsPerRequest.value,
      fieldSize: LIMITS.uploads.fieldBytes.value,
      parts: LIMITS.uploads.partsPerRequest.value,
    },
  })) {
    if (part.type === 'file') {
      const field = baseField(part.fieldname);
      if (!fileFields.includes(field))
        throw new HttpError(422, { message: MSG.invalid, errors: { [field]: [`The ${field} field does not take files.`] } });
      const data = await readImagePart(part.file, field);
      if (data.length > 0) files.push({ field, filename: part.filename ?? '', data });
    } else {
      fields[baseField(part.fieldname)] = part.value;
    }
  }
  return { fields, files };
}
