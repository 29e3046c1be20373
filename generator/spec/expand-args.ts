/**
 * Expansion of arg maps for one deployment: `$use` (shapes, through the deployment's
 * bindings), `$fields` (a resource's writable fields, as WordPress's
 * get_endpoint_args_for_item_schema makes them), `$omit`, and `{ $shape }` property maps.
 * The semantic checks ran before, so every name used here exists and no shape loops.
 */
import type { ArgSchema } from '../../contract/model.ts';
import type { RawArgMap, RawDescriptor, RawResource, RawShape } from './raw.ts';

/** Keys WordPress copies from a schema field into an endpoint arg, in its order (default/required aside). */
const FIELD_ARG_KEYS = [
  'title', 'description', 'type', 'format', 'enum', 'items', 'properties', 'additionalProperties',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength',
  'pattern', 'minItems', 'maxItems', 'uniqueItems', 'anyOf', 'oneOf', 'validate',
] as const;

/**
 * The spec shape each `{ $shape }` property map was expanded from, by the expanded map's identity:
 * the names stay out of the model's data (discovery publishes nested descriptors as they are) but
 * reach the emitters, which name the part after its shape (`PostMetaTheme`) instead of finding it
 * again by content.
 */
export const shapeOfProperties = new WeakMap<object, string>();

export class ArgExpander {
  constructor(
    private readonly shapes: Map<string, RawShape>,
    private readonly resources: Map<string, RawResource>,
    private readonly bindings: Record<string, string>,
  ) {}

  /** Shapes being expanded, innermost last: lets a bound shape `$use` the shape it stands for. */
  private readonly expanding: string[] = [];

  /** The shape used for `name` in this deployment (not inside the binding's own target). */
  shapeName(name: string): string {
    const bound = this.bindings[name];
    return bound !== undefined && !this.expanding.includes(bound) ? bound : name;
  }

  expandArgMap(raw: RawArgMap): Record<string, ArgSchema> {
    const args: Record<string, ArgSchema> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (key === '$use') {
        for (const name of value as string[]) Object.assign(args, this.shapeArgs(name));
      } else if (key === '$fields') {
        const { resource, for: purpose } = value as { resource: string; for: 'create' | 'update' };
        Object.assign(args, this.fieldArgs(resource, purpose));
      } else if (key === '$omit') {
        for (const name of value as string[]) delete args[name];
      } else {
        args[key] = this.expandDescriptor(value as RawDescriptor);
      }
    }
    return args;
  }

  shapeArgs(name: string): Record<string, ArgSchema> {
    const actual = this.shapeName(name);
    // The semantic checks reject cycles among shapes; this guards cycles a binding could add.
    if (this.expanding.includes(actual)) return {};
    this.expanding.push(actual);
    try {
      return this.expandArgMap(this.shapes.get(actual)!.args);
    } finally {
      this.expanding.pop();
    }
  }

  /** A resource's field schemas with `$shape` property maps expanded. */
  resourceFields(name: string): Record<string, ArgSchema> {
    const fields: Record<string, ArgSchema> = {};
    for (const [key, field] of Object.entries(this.resources.get(name)!.fields)) fields[key] = this.expandDescriptor(field);
    return fields;
  }

  /**
   * Writable fields as args: read-only fields are skipped; `create` keeps `default` and
   * `required` (placed first, as WordPress does), `update` drops both; schema-only keys such
   * as `context` and `readonly` are not copied at the top level.
   */
  fieldArgs(resource: string, purpose: 'create' | 'update'): Record<string, ArgSchema> {
    const args: Record<string, ArgSchema> = {};
    for (const [name, field] of Object.entries(this.resourceFields(resource))) {
      if (field.readonly) continue;
      const arg: ArgSchema = {};
      if (purpose === 'create' && field.default !== undefined) arg.default = field.default;
      if (purpose === 'create' && field.required === true) arg.required = true;
      for (const key of FIELD_ARG_KEYS) {
        if (field[key] !== undefined) (arg as Record<string, unknown>)[key] = field[key];
      }
      args[name] = arg;
    }
    return args;
  }

  /** A deep copy of a descriptor with every `{ $shape }` replaced by the bound shape's args. */
  expandDescriptor(raw: RawDescriptor): ArgSchema {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (key === 'properties' && value && typeof value === 'object') {
        const map = value as Record<string, unknown>;
        if (typeof map.$shape === 'string') {
          const name = this.shapeName(map.$shape);
          out.properties = this.shapeArgs(map.$shape);
          shapeOfProperties.set(out.properties as object, name);
        } else {
          out.properties = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, this.expandDescriptor(v as RawDescriptor)]));
        }
      } else if ((key === 'items' || key === 'additionalProperties') && value && typeof value === 'object') {
        out[key] = this.expandDescriptor(value as RawDescriptor);
      } else if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
        out[key] = value.map((v) => this.expandDescriptor(v as RawDescriptor));
      } else {
        // A string, number or boolean is its own copy: only objects (an enum, a default) are cloned.
        out[key] = value !== null && typeof value === 'object' ? structuredClone(value) : value;
      }
    }
    return out as ArgSchema;
  }
}
