/**
 * What a visitor's value must be for a field of the form: present when required, and shaped
 * like the field's type (an email address, a number, a web address, one of a select's
 * options). Returns the message shown beside the field, or undefined when the value is fine.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

export function fieldProblem(field: Record<string, unknown>, value: unknown): string | undefined {
  const label = String(field.label ?? field.name ?? 'This field');
  if (isEmpty(value)) return field.required === true ? `${label} is required.` : undefined;
  if (typeof value === 'object' && field.type !== 'checkbox') return `${label} must be text.`;
  const text = String(value).trim();
  switch (field.type) {
    case 'email':
      return EMAIL.test(text) ? undefined : `${label} must be an email address.`;
    case 'number':
      return Number.isFinite(Number(text)) ? undefined : `${label} must be a number.`;
    case 'url':
      return /^https?:\/\/[^\s]+$/i.test(text) && URL.canParse(text) ? undefined : `${label} must be a web address.`;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? undefined : `${label} must be a date (YYYY-MM-DD).`;
    case 'select': {
      const options = Array.isArray(field.options) ? field.options.map(String) : [];
      return options.length === 0 || options.includes(text) ? undefined : `${label} must be one of ${options.join(', ')}.`;
    }
    default:
      return undefined;
  }
}
