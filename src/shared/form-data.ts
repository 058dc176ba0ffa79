/** How a call's body and files go into a multipart form, the same from Electron main and from the browser. */

/** `gallery` files are sent as gallery[0], gallery[1], ...; other file fields by their own name. */
export const fileFieldName = (field: string, index: number): string => (field === 'gallery' ? `gallery[${index}]` : field);

/** A new form with the body's fields (objects and arrays as JSON text; undefined and null left out). */
export function formWithFields(body: Record<string, unknown> | undefined): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(body ?? {})) {
    if (v === undefined || v === null) continue;
    fd.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return fd;
}
