import { describe, expect, it } from 'vitest';
import type { DeploymentModel } from '../../contract/model.ts';
import { withoutArgDescriptions } from '../../generator/emit/without-arg-descriptions.ts';

const arg = {
  description: 'Where the note is filed.',
  type: 'object',
  default: { description: 'a default is data', tags: ['x'] },
  enum: [{ description: 'so is an enum value' }],
  properties: {
    description: { description: 'A field called description.', type: 'string' },
    parts: { type: 'array', items: { description: 'One part.', type: 'string' } },
    choice: { oneOf: [{ description: 'A number.', type: 'integer' }, { type: 'string', title: 'Text' }] },
  },
};

const deployment = {
  name: 'main',
  description: 'The deployment says what it is.',
  routes: [{ path: '/notes', namespace: 'notes/v1', endpoints: [{ operationId: 'notesCreate', description: 'Files a note.', args: { filed: arg } }] }],
  resources: { note: { name: 'note', schema: { title: 'note', type: 'object', properties: { text: { description: 'The text.', type: 'string' } } } } },
  responseShapes: { receipt: { name: 'receipt', description: 'What a create answers.', fields: { id: { description: 'Its id.', type: 'integer' } }, open: false } },
  namespaceDescriptions: { 'notes/v1': 'Notes.' },
} as unknown as DeploymentModel;

describe("a deployment's model without its args' and fields' descriptions", () => {
  it("drops a schema's description at every depth, and keeps names, data and every other description", () => {
    const model = withoutArgDescriptions(deployment);
    expect(model.routes[0]!.endpoints[0]!.args.filed).toEqual({
      type: 'object',
      default: { description: 'a default is data', tags: ['x'] },
      enum: [{ description: 'so is an enum value' }],
      properties: {
        description: { type: 'string' },
        parts: { type: 'array', items: { type: 'string' } },
        choice: { oneOf: [{ type: 'integer' }, { type: 'string', title: 'Text' }] },
      },
    });
    expect(model.resources.note!.schema.properties).toEqual({ text: { type: 'string' } });
    expect(model.responseShapes!.receipt).toEqual({ name: 'receipt', description: 'What a create answers.', fields: { id: { type: 'integer' } }, open: false });
    expect(model.routes[0]!.endpoints[0]!.description).toBe('Files a note.');
    expect(model.description).toBe('The deployment says what it is.');
    expect(model.namespaceDescriptions).toEqual({ 'notes/v1': 'Notes.' });
  });

  it('leaves the model it was given as it was, and is made once per model', () => {
    const before = JSON.stringify(deployment);
    expect(withoutArgDescriptions(deployment)).toBe(withoutArgDescriptions(deployment));
    expect(JSON.stringify(deployment)).toBe(before);
  });
});
