/**
 * The field types a form can hold (the markup renders each of them) and the settings a new
 * form starts with. Converters and migrators map foreign fields onto these types.
 */
export const FIELD_TYPES = ['text', 'email', 'url', 'tel', 'number', 'date', 'textarea', 'select', 'checkbox', 'hidden', 'password'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const DEFAULT_FORM_SETTINGS = {
  submit_text: 'Submit',
  confirmation_message: 'Thank you! Your submission has been received.',
};

export interface FormField {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  options?: string[];
}

/** The nearest of our types for a foreign field type (`radio` and `select` both pick one value). */
export function fieldTypeOf(foreign: string): FieldType {
  const t = foreign.toLowerCase().replace(/\*$/, '');
  if ((FIELD_TYPES as readonly string[]).includes(t)) return t as FieldType;
  if (t === 'radio' || t === 'dropdown' || t === 'menu' || t === 'listselect' || t === 'listradio') return 'select';
  if (t === 'acceptance' || t === 'listcheckbox') return 'checkbox';
  if (t === 'phone') return 'tel';
  if (t === 'website') return 'url';
  if (t === 'paragraph' || t === 'message') return 'textarea';
  return 'text';
}

/** A field name safe for a form control and unique within the form. */
export function uniqueName(wanted: string, taken: Set<string>): string {
  const base = wanted.toLowerCase().replace(/[^a-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'field';
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  taken.add(name);
  return name;
}
