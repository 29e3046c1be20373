/**
 * The emitters build ts-morph structures with enum members taken from generator/emit/ts-source.ts,
 * so that loading an emitter does not load ts-morph: each must be ts-morph's own value.
 */
import { describe, expect, it } from 'vitest';
import { StructureKind as Kinds, VariableDeclarationKind as DeclarationKinds } from 'ts-morph';
import { StructureKind, VariableDeclarationKind } from '../../generator/emit/ts-source.ts';

describe('the structure kinds the emitters use', () => {
  it("are ts-morph's values", () => {
    for (const [name, value] of Object.entries(StructureKind)) expect(value, name).toBe(Kinds[name as keyof typeof Kinds]);
    for (const [name, value] of Object.entries(VariableDeclarationKind)) expect(value, name).toBe(DeclarationKinds[name as keyof typeof DeclarationKinds]);
  });
});
