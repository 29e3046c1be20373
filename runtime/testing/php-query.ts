/**
 * A query string as PHP reads it back (`a[]=1&a[]=2`, `o[k]=v`): how clients of the interface
 * send arrays and objects in a GET. Used by the generated test suites.
 */
export function phpQueryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (value: unknown, key: string): void => {
    if (Array.isArray(value)) for (const item of value) add(item, `${key}[]`);
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) add(v, `${key}[${k}]`);
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(value, key);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
