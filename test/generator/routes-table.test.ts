import { describe, expect, it } from 'vitest';
import { emitRoutes, emitSharedRoutes } from '../../generator/emit/routes.ts';
import { emitValidators } from '../../generator/emit/validators.ts';
import { emitSharedArgs } from '../../generator/emit/shared-args.ts';
import { routeRegex } from '../../generator/emit/naming.ts';
import type { EmitContext } from '../../generator/emit/emitted-file.ts';
import { smallModel } from './fixtures/small-model.ts';

describe('route table', () => {
  it('turns WordPress patterns into whole-route regexes with named groups', () => {
    const route = smallModel().deployments[0].routes[3];
    const re = new RegExp(routeRegex(route));
    expect(re.source).toBe('^\\/core\\/v2\\/posts\\/(?<id>[\\d]+)$');
    expect(re.exec('/core/v2/posts/42')?.groups).toEqual({ id: '42' });
    expect(re.test('/core/v2/posts/42/x')).toBe(false);
  });

  it('wires shared validators for every endpoint and handlers for custom ones, each route written once', () => {
    const model = smallModel();
    const { index } = emitValidators(model);
    const context: EmitContext = { validatorName: index.name, argsName: emitSharedArgs(model).index.name, dataName: () => 'unused', routeName: () => '' };
    const shared = emitSharedRoutes(model, context);
    context.routeName = shared.index.name;
    const [file] = shared.files;
    expect(file.path).toBe('shared/routes.ts');
    // Too long for one line, the import lists one handler a line, as prettier writes it.
    expect(file.content).toContain("import {\n  corePostsList,\n  corePostsCreate,\n  corePostsGet,\n  corePostsUpdate,\n  corePostsDelete,\n} from '../handlers/core-v2/posts.ts';");
    expect(file.content).toContain("import * as validators from './validators.ts';");
    expect(file.content).toContain(`validate: validators.${index.name(model.deployments[0].name, 'formsSettingsGet')} as CompiledValidator,`);
    expect(file.content).toContain('handle: formsDuplicate,');
    expect(file.content).not.toContain('handle: formsSettingsGet');
    // The deployment's table lists the shared constants, in discovery order.
    const deployment = model.deployments[0];
    const [table] = emitRoutes(deployment, context);
    const listed = [...table.content.matchAll(/shared\.(\w+)/g)].map((m) => m[1]);
    expect(listed).toEqual(deployment.routes.map((r) => shared.index.name(deployment.name, r.path)));
    for (const name of listed) expect(file.content).toContain(`export const ${name}: RouteDef = `);
  });

  it('never names a route constant after a handler it imports, so a route cannot point at itself', () => {
    const model = smallModel();
    // A custom handler whose id is the constant `/core/v2/posts` would get (the spec's checks refuse it: SP064).
    for (const d of model.deployments) for (const e of d.routes.flatMap((r) => r.endpoints)) if (e.operationId === 'formsDuplicate') e.operationId = 'coreV2Posts';
    const { index } = emitValidators(model);
    const context: EmitContext = { validatorName: index.name, argsName: emitSharedArgs(model).index.name, dataName: () => 'unused', routeName: () => '' };
    const [file] = emitSharedRoutes(model, context).files;
    expect(file.content).toContain('handle: coreV2Posts,');
    expect(file.content).toContain('export const coreV2Posts2: RouteDef = ');
    expect(file.content).not.toContain('export const coreV2Posts: RouteDef = ');
  });
});
