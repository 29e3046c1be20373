/**
 * `_fields`: keeps only the named fields of a response (WordPress's rest_filter_response_fields),
 * each item of a list on its own; dotted names reach inside objects (`title.raw`). Naming
 * `_embedded` keeps a single item's `_links` too, since embedding needs them.
 */
type FieldTree = { [name: string]: FieldTree | true };

export function parseFieldList(value: unknown): string[] {
  // wp_parse_list: a PHP array (list or map) gives its values, a string splits on commas/spaces.
  const list = Array.isArray(value) || (value && typeof value === 'object') ? Object.values(value).map(String) : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  return list.map((f) => f.trim()).filter((f) => f !== '');
}

export function filterFields(data: unknown, fields: string[]): unknown {
  if (fields.length === 0 || !data || typeof data !== 'object') return data;
  // An item left with no field is PHP's empty array: `[]`, as WordPress prints it. A list item's
  // links are part of it when filtered: without `_links` named it keeps none, so nothing of it is
  // embedded, even with `_embedded` named (WordPress 6.8 answers `_fields=id,_embedded` with ids).
  if (Array.isArray(data)) return data.map((item) => emptyAsList(pick(item, fieldTree(fields))));
  // A single item's links are added after its fields are filtered (WordPress's response_to_data):
  // naming any part of `_links` brings them all, and so does any part of `_embedded` (the item
  // then has links to embed, and what is embedded is not narrowed by the name).
  const whole = (f: string) => (f.startsWith('_links.') ? '_links' : f.startsWith('_embedded.') ? '_embedded' : f);
  return emptyAsList(pick(data, fieldTree(withLinksForEmbed(fields.map(whole)))));
}

function withLinksForEmbed(fields: string[]): string[] {
  return fields.includes('_embedded') && !fields.includes('_links') ? [...fields, '_links'] : fields;
}

function fieldTree(fields: string[]): FieldTree {
  const root: FieldTree = {};
  for (const field of fields) {
    const parts = field.split('.');
    let node: FieldTree | undefined = root;
    for (const part of parts.slice(0, -1)) {
      // A parent already kept whole needs no narrower rule.
      if (node[part] === true) {
        node = undefined;
        break;
      }
      node = (node[part] ??= {}) as FieldTree;
    }
    if (node) node[parts[parts.length - 1]!] = true;
  }
  return root;
}

function pick(value: unknown, tree: FieldTree): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const rule = tree[key];
    if (rule === undefined) continue;
    out[key] = rule === true ? child : pick(child, rule);
  }
  return out;
}

function emptyAsList(value: unknown): unknown {
  return value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0 ? [] : value;
}
