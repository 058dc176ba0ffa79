/** Laravel-style field messages, the API's one wording, used by the server and by Electron main's checks alike. */
export interface FieldIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** Issues of a zod parse as `{field: ["The price field must be ..."]}`; `fallback` names a field when a path is empty. */
export function fieldErrorsOf(issues: readonly FieldIssue[], prefix = '', fallback = 'body'): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || fallback;
    const label = field.replace(/_/g, ' ');
    const text = /^(is|must|may|needs|every)\b/.test(issue.message)
      ? `The ${label} field ${issue.message}.`
      : `The ${label} field is invalid.`;
    (errors[field] ??= []).push(text);
  }
  return errors;
}
