/**
 * Finds the fields of a form in its HTML (the markup a site owner pastes from another form
 * tool): each input, textarea and select with its name, type, required flag and options, its
 * label from `<label for>` or an enclosing `<label>` (else its placeholder or name), and the
 * submit button's text. Parsed with htmlparser2, so broken markup still yields what it can.
 */
import { Parser } from 'htmlparser2';
import { fieldTypeOf, uniqueName, type FormField } from './field-types.ts';

interface Control {
  id?: string;
  name: string;
  type: string;
  required: boolean;
  placeholder?: string;
  label?: string;
  options: string[];
}

const IGNORED_INPUTS = new Set(['submit', 'button', 'reset', 'image', 'file']);

export function fieldsFromHtml(html: string): { fields: FormField[]; submitText?: string } {
  const controls: Control[] = [];
  const labelsFor = new Map<string, string>();
  let openLabel: { for?: string; text: string; controls: Control[] } | undefined;
  let openSelect: Control | undefined;
  let optionText: string | undefined;
  let buttonText: string | undefined;
  let submitText: string | undefined;

  const parser = new Parser(
    {
      onopentag(tag, attrs) {
        if (tag === 'label') openLabel = { for: attrs.for, text: '', controls: [] };
        if (tag === 'option') optionText = '';
        if (tag === 'button' && (attrs.type ?? 'submit') === 'submit') buttonText = '';
        const type = tag === 'input' ? (attrs.type ?? 'text').toLowerCase() : tag;
        if (tag === 'input' && IGNORED_INPUTS.has(type)) {
          if (type === 'submit' && attrs.value) submitText ??= attrs.value;
          return;
        }
        if (tag !== 'input' && tag !== 'textarea' && tag !== 'select') return;
        const control: Control = {
          id: attrs.id,
          name: attrs.name ?? attrs.id ?? '',
          type: type === 'radio' ? 'select' : type,
          required: 'required' in attrs || attrs['aria-required'] === 'true',
          placeholder: attrs.placeholder,
          options: [],
        };
        // Radio buttons sharing a name are one choice among their values.
        const sameRadio = type === 'radio' ? controls.find((c) => c.type === 'select' && c.name === control.name && control.name) : undefined;
        if (sameRadio) {
          if (attrs.value) sameRadio.options.push(attrs.value);
          return;
        }
        if (type === 'radio' && attrs.value) control.options.push(attrs.value);
        controls.push(control);
        openLabel?.controls.push(control);
        if (tag === 'select') openSelect = control;
      },
      ontext(text) {
        if (openLabel) openLabel.text += text;
        if (optionText !== undefined) optionText += text;
        if (buttonText !== undefined) buttonText += text;
      },
      onclosetag(tag) {
        if (tag === 'option' && optionText !== undefined) {
          const text = optionText.trim();
          if (openSelect && text) openSelect.options.push(text);
          optionText = undefined;
        }
        if (tag === 'select') openSelect = undefined;
        if (tag === 'button' && buttonText !== undefined) {
          submitText ??= buttonText.trim() || undefined;
          buttonText = undefined;
        }
        if (tag === 'label' && openLabel) {
          const text = openLabel.text.replace(/\s+/g, ' ').replace(/\s*\*\s*$/, '').trim();
          if (openLabel.for) labelsFor.set(openLabel.for, text);
          for (const c of openLabel.controls) c.label ??= text;
          openLabel = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const taken = new Set<string>();
  const fields = controls.map((c, i): FormField => {
    const label = (c.id && labelsFor.get(c.id)) || c.label || c.placeholder || c.name || `Field ${i + 1}`;
    const type = fieldTypeOf(c.type);
    return { name: uniqueName(c.name || label, taken), label, type, required: c.required, ...(type === 'select' && { options: c.options }) };
  });
  return { fields, submitText };
}
