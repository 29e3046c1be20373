import { describe, expect, it } from 'vitest';
import { emitRoutes } from '../../generator/emit/routes.ts';
import { emitValidators } from '../../generator/emit/validators.ts';
import { emitSharedArgs } from '../../generator/emit/shared-args.ts';
import { routeRegex } from '../../generator/emit/naming.ts';
import { smallModel } from './fixtures/small-model.ts';

describe('route table', () => {
  it('turns WordPress patterns into whole-route regexes with named groups', () => {
    const route = smallModel().deployments[0].routes[3];
    const re = new RegExp(routeRegex(route));
    expect(re.source).toBe('^\\/core\\/v2\\/posts\\/(?<id>[\\d]+)$');
    expect(re.exec('/core/v2/posts/42')?.groups).toEqual({ id: '42' });
    expect(re.test('/core/v2/posts/42/x')).toBe(false);
  });

  it('wires shared validators for every endpoint and handlers for custom ones', () => {
    const model = smallModel();
    const { index } = emitValidators(model);
    const [file] = emitRoutes(model.deployments[0], { validatorName: index.name, argsName: emitSharedArgs(model).index.name, dataName: () => 'unused' });
    expect(file.content).toContain("import { corePostsList, corePostsCreate, corePostsGet, corePostsUpdate, corePostsDelete } from '../../handlers/core-v2/posts.ts';");
    expect(file.content).toContain("import * as validators from '../../shared/validators.ts';");
    expect(file.content).toContain(`validate: validators.${index.name(model.deployments[0].name, 'formsSettingsGet')} as CompiledValidator }`);
    expect(file.content).toContain('handle: formsDuplicate');
    expect(file.content).not.toContain('handle: formsSettingsGet');
  });
});
