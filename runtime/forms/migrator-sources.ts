/**
 * Reading the forms of other form plugins, as they sit in a WordPress database that was
 * moved to this site: each plugin's forms are content items of its own type. The classic
 * contact-form plugin keeps its form as tag text (`[email* your-email]`); the others keep a JSON
 * document in the content. Each reader turns one into our fields and settings.
 */
import { fieldTypeOf, uniqueName, type FormField } from './field-types.ts';

export interface SourceForm {
  fields: FormField[];
  submitText?: string;
}

interface SourceReader {
  postType: string;
  read: (content: string) => SourceForm;
}

function labelFromName(name: string): string {
  const words = name.replace(/^your[-_]/, '').replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : name;
}

/** Contact-form tags: `[type name option "value" ...]`, a `*` after the type marks it required. */
function readTagText(content: string): SourceForm {
  const fields: FormField[] = [];
  const taken = new Set<string>();
  let submitText: string | undefined;
  for (const m of content.matchAll(/\[([a-z_]+)(\*?)(?:\s+([^\]]*))?\]/gi)) {
    const [, type, star, rest = ''] = m;
    const quoted = [...rest.matchAll(/"([^"]*)"/g)].map((q) => q[1]);
    if (type.toLowerCase() === 'submit') {
      submitText = quoted[0] ?? submitText;
      continue;
    }
    const name = rest.replace(/"[^"]*"/g, '').trim().split(/\s+/)[0] ?? '';
    if (!name) continue;
    const fieldType = fieldTypeOf(type);
    fields.push({
      name: uniqueName(name, taken),
      label: labelFromName(name),
      type: fieldType,
      required: star === '*',
      ...(fieldType === 'select' && { options: quoted }),
    });
  }
  return { fields, submitText };
}

function parseJson(content: string): Record<string, unknown> {
  const doc = JSON.parse(content) as unknown;
  if (!doc || typeof doc !== 'object') throw new Error('not a JSON object');
  return doc as Record<string, unknown>;
}

/** JSON documents whose `fields` is a list or an id-keyed map of `{ type, label, ... }`. */
function readJson(opts: { required: string; choices: string; choiceLabel: string; submit: (doc: Record<string, unknown>) => unknown }) {
  return (content: string): SourceForm => {
    const doc = parseJson(content);
    const raw = Array.isArray(doc.fields) ? doc.fields : Object.values((doc.fields as Record<string, unknown>) ?? {});
    const taken = new Set<string>();
    const fields: FormField[] = [];
    for (const [i, item] of raw.entries()) {
      if (!item || typeof item !== 'object') continue;
      const f = item as Record<string, unknown>;
      const foreignType = String(f.type ?? 'text');
      if (['submit', 'html', 'divider', 'pagebreak', 'hr'].includes(foreignType)) continue;
      const type = fieldTypeOf(foreignType);
      const label = String(f.label ?? f.key ?? `Field ${i + 1}`);
      const choices = Array.isArray(f[opts.choices]) ? (f[opts.choices] as unknown[]) : Object.values((f[opts.choices] as Record<string, unknown>) ?? {});
      const required = f[opts.required];
      fields.push({
        name: uniqueName(String(f.key ?? f.name ?? label), taken),
        label,
        type,
        required: required === true || required === 1 || required === '1',
        ...(type === 'select' && { options: choices.map((c) => String(c && typeof c === 'object' ? (c as Record<string, unknown>)[opts.choiceLabel] ?? '' : c)) }),
      });
    }
    const submit = opts.submit(doc);
    return { fields, submitText: typeof submit === 'string' && submit ? submit : undefined };
  };
}

/** Keys are the `<key>` of the migrator routes, as listed in the migrator-sources catalog. */
export const SOURCE_READERS: Record<string, SourceReader> = {
  cf7: { postType: 'wpcf7_contact_form', read: readTagText },
  wpforms: {
    postType: 'wpforms',
    read: readJson({ required: 'required', choices: 'choices', choiceLabel: 'label', submit: (d) => (d.settings as Record<string, unknown> | undefined)?.submit_text }),
  },
  gravityforms: {
    postType: 'gf_form',
    read: readJson({ required: 'isRequired', choices: 'choices', choiceLabel: 'text', submit: (d) => (d.button as Record<string, unknown> | undefined)?.text }),
  },
  ninjaforms: {
    postType: 'nf_form',
    read: readJson({ required: 'required', choices: 'options', choiceLabel: 'label', submit: (d) => (d.settings as Record<string, unknown> | undefined)?.submit_text }),
  },
};
