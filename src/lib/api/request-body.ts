/**
 * The body of a multipart call as `FormData` (define.ts `multipart`): files (`Blob`/`File`) as file parts, other
 * values as text fields; arrays repeat the field; absent values are left out; objects travel as JSON text.
 */
export function toFormData(body: unknown): FormData {
  const form = new FormData();
  if (body === undefined || body === null) return form;
  if (typeof body !== 'object' || Array.isArray(body))
    throw new TypeError('A multipart body must be an object of fields');
  for (const [name, raw] of Object.entries(body)) {
    const values: unknown[] = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === undefined || value === null) continue;
      if (value instanceof Blob) form.append(name, value);
      else if (value instanceof Date) form.append(name, value.toISOString());
      else if (typeof value === 'object') form.append(name, JSON.stringify(value));
      else form.append(name, String(value));
    }
  }
  return form;
}
