import { describe, expect, it } from 'vitest';
import { FIXTURES, loadFixture, withCode } from './load-fixture.ts';

const ns = (fixture: string, file = 'shop-v1') => `${FIXTURES}/${fixture}/namespaces/${file}.yaml`;
const dep = (fixture: string, file = 'only') => `${FIXTURES}/${fixture}/deployments/${file}.yaml`;

describe('rule 1 and 7: captures are declared, used and compile', () => {
  it('a capture without a pattern points at the route', async () => {
    const { lines } = await loadFixture('captures');
    expect(withCode(lines, 'SP020')).toEqual([
      `${ns('captures')}:3:3 error SP020: capture \`<item>\` in path \`/orders/<id>/items/<item>\` has no pattern; add \`captures: {item: <regex>}\` to the route`,
    ]);
  });

  it('a declared capture the path does not use points at its key', async () => {
    const { lines } = await loadFixture('captures');
    expect(withCode(lines, 'SP021')).toEqual([
      `${ns('captures')}:6:7 error SP021: capture \`sku\` is declared but the path \`/orders/<id>/items/<item>\` has no \`<sku>\`; use it in the path or remove it`,
    ]);
  });

  it('a capture pattern that does not compile is reported with the regex error', async () => {
    const { lines } = await loadFixture('captures');
    expect(withCode(lines, 'SP034')).toEqual([
      `${ns('captures')}:11:12 error SP034: pattern \`[a-z\` is not a valid regular expression (/[a-z/: Unterminated character class); write a regex without anchors or delimiters`,
    ]);
  });

  it('writing the implicit index route is an error', async () => {
    const { lines } = await loadFixture('captures');
    expect(withCode(lines, 'SP041')).toEqual([
      `${ns('captures')}:14:3 error SP041: route \`/\` is the implicit index route of \`shop/v1\`; remove it (every namespace gets it)`,
    ]);
  });
});

describe('rule 2: operation ids are unique after derivation', () => {
  it('two routes differing only by a capture derive the same id', async () => {
    const { lines } = await loadFixture('operation-ids');
    expect(withCode(lines, 'SP022')).toEqual([
      `${ns('operation-ids')}:9:20 error SP022: operation id \`shopV1GetOrders\` is also used by GET \`/shop/v1/orders\` (${ns('operation-ids')}:5); give one of them an explicit unique \`operationId\``,
      `${ns('operation-ids')}:13:40 error SP022: operation id \`listOrders\` is also used by DELETE \`/shop/v1/orders/<id>\` (${ns('operation-ids')}:10); give one of them an explicit unique \`operationId\``,
    ]);
  });
});

describe('former operation ids', () => {
  it('a renamedFrom id that is another operation\'s current id is reported', async () => {
    const { lines } = await loadFixture('operation-ids');
    expect(withCode(lines, 'SP047')).toEqual([
      `${ns('operation-ids')}:16:67 error SP047: former operation id \`shopV1GetOrders\` is the current id of GET \`/shop/v1/orders\` (${ns('operation-ids')}:5); a renamed id must not name another operation`,
    ]);
  });
});

describe('rule 3 and 8: named shapes, resources and data exist', () => {
  it('unknown shapes in $use, $shape and bindings are reported with a suggestion', async () => {
    const { lines } = await loadFixture('references');
    expect(withCode(lines, 'SP023')).toEqual([
      `${dep('references')}:4:18 error SP023: shape \`paging-paramz\` does not exist; name a file of spec/shapes; did you mean \`paging-params\`?`,
      `${ns('references')}:7:18 error SP023: shape \`pageing-params\` does not exist; name a file of spec/shapes; did you mean \`paging-params\`?`,
      `${FIXTURES}/references/resources/order.yaml:5:47 error SP023: shape \`order-meat\` does not exist; name a file of spec/shapes`,
    ]);
  });

  it('unknown resources in responses and $fields are reported', async () => {
    const { lines } = await loadFixture('references');
    expect(withCode(lines, 'SP024')).toEqual([
      `${ns('references')}:9:31 error SP024: resource \`ordr\` does not exist; name a file of spec/resources; did you mean \`order\`?`,
      `${ns('references')}:12:32 error SP024: resource \`orders\` does not exist; name a file of spec/resources; did you mean \`order\`?`,
    ]);
  });

  it('a catalog behaviour naming missing data is reported', async () => {
    const { lines } = await loadFixture('references');
    expect(withCode(lines, 'SP036')).toEqual([
      `${ns('references')}:13:42 error SP036: catalog data \`order-statuses\` does not exist; name a file of spec/data`,
    ]);
  });
});

describe('rules 5–7: arg descriptors', () => {
  it('a default of the wrong type is reported at the default', async () => {
    const { lines } = await loadFixture('arg-rules');
    expect(withCode(lines, 'SP031')).toEqual([
      `${ns('arg-rules')}:7:47 error SP031: default "10" is not of type integer; give a default of that type`,
    ]);
  });

  it('a default outside the enum (or the items enum) is reported; WordPress-style defaults pass', async () => {
    const { lines } = await loadFixture('arg-rules');
    // `status` (a scalar default for an array), `mapping` (a map for an array) and `included` (null) pass.
    expect(withCode(lines, 'SP032')).toEqual([
      `${ns('arg-rules')}:8:62 error SP032: default "up" is not one of the enum values ["asc","desc"]; use one of them or extend the enum`,
      `${ns('arg-rules')}:10:106 error SP032: default "c" is not one of the enum values ["a","b"]; use one of them or extend the enum`,
    ]);
  });

  it('a lower bound above its upper bound is reported', async () => {
    const { lines } = await loadFixture('arg-rules');
    expect(withCode(lines, 'SP033')).toEqual([
      `${ns('arg-rules')}:9:43 error SP033: \`minimum\` (10) is greater than \`maximum\` (5); make \`minimum\` at most \`maximum\``,
      `${ns('arg-rules')}:10:42 error SP033: \`minItems\` (3) is greater than \`maxItems\` (1); make \`minItems\` at most \`maxItems\``,
    ]);
  });

  it('an arg pattern that does not compile is reported', async () => {
    const { lines } = await loadFixture('arg-rules');
    expect(withCode(lines, 'SP034')).toEqual([
      `${ns('arg-rules')}:11:42 error SP034: pattern \`([a-z]\` is not a valid regular expression (/([a-z]/: Unterminated group); write a regex without anchors or delimiters`,
    ]);
  });
});

describe('rules 8 and 9: endpoints', () => {
  it('an endpoint needs exactly one of behavior and handler', async () => {
    const { lines } = await loadFixture('endpoint-rules');
    expect(withCode(lines, 'SP035')).toEqual([
      `${ns('endpoint-rules')}:6:9 error SP035: the endpoint has both \`behavior\` and \`handler\`; give exactly one of \`behavior:\` and \`handler: custom\``,
      `${ns('endpoint-rules')}:8:9 error SP035: the endpoint has neither \`behavior\` nor \`handler\`; give exactly one of \`behavior:\` and \`handler: custom\``,
    ]);
  });

  it('one method on two endpoints of a route is reported at the second', async () => {
    const { lines } = await loadFixture('endpoint-rules');
    expect(withCode(lines, 'SP037')).toEqual([
      `${ns('endpoint-rules')}:9:19 error SP037: PUT is served by two endpoints of route \`/orders\` (also at line 8); keep it on one endpoint`,
    ]);
  });
});

describe('rule 4: deployments name what exists, one is the default', () => {
  it('unknown namespaces, routes and methods are reported with suggestions', async () => {
    const { lines } = await loadFixture('deployments');
    expect(withCode(lines, 'SP025')).toEqual([
      `${dep('deployments')}:4:13 error SP025: namespace \`shop/v2\` does not exist; name a namespace of spec/namespaces; did you mean \`shop/v1\`?`,
      `${dep('deployments')}:9:19 error SP025: namespace \`shp/v1\` does not exist; name a namespace of spec/namespaces; did you mean \`shop/v1\`?`,
    ]);
    expect(withCode(lines, 'SP026')).toEqual([
      `${dep('deployments')}:8:13 error SP026: route \`/shop/v1/ordres\` does not exist; name a full route path such as \`/core/v2/posts\`; did you mean \`/shop/v1/orders\`?`,
    ]);
    expect(withCode(lines, 'SP027')).toEqual([
      `${dep('deployments')}:7:64 error SP027: route \`/shop/v1/extra\` has no POST endpoint; use one of \`GET\``,
      `${dep('deployments')}:11:38 error SP027: route \`/shop/v1/orders\` has no DELETE endpoint; use one of \`GET\``,
    ]);
  });

  it('including a part that is not optional is a warning', async () => {
    const { lines } = await loadFixture('deployments');
    expect(withCode(lines, 'SP044')).toEqual([
      `${dep('deployments')}:7:13 warning SP044: route \`/shop/v1/orders\` is not optional, so including it changes nothing; mark it \`optional: true\` or drop the include`,
    ]);
  });

  it('an override needs exactly one action', async () => {
    const { lines } = await loadFixture('deployments');
    expect(withCode(lines, 'SP042')).toEqual([
      `${dep('deployments')}:12:5 error SP042: the override has \`add\` and \`remove\`; give exactly one of \`set:\`, \`add:\` and \`remove: true\``,
    ]);
  });

  it('a second default deployment is reported at its `default` key', async () => {
    const { lines } = await loadFixture('deployments');
    expect(withCode(lines, 'SP030')).toEqual([
      `${dep('deployments', 'second')}:2:10 error SP030: \`second\` is a second default after \`only\`; mark exactly one deployment with \`default: true\``,
    ]);
  });

  it('no default deployment is reported at the first deployment', async () => {
    const { lines } = await loadFixture('no-default');
    expect(lines).toEqual([
      `${dep('no-default')}:1:13 error SP030: no deployment is the default; mark exactly one deployment with \`default: true\``,
    ]);
  });

  it('a spec without deployments is reported at the deployments folder', async () => {
    const { lines } = await loadFixture('no-deployments');
    expect(lines).toEqual([
      `${FIXTURES}/no-deployments/deployments:1:1 error SP043: no deployment is declared; add a file to spec/deployments with \`default: true\``,
    ]);
  });

  it('overrides see expanded args: unknown, already present, and not served; idParam names an arg or capture', async () => {
    const { model, lines } = await loadFixture('override-args');
    expect(model).toBeUndefined();
    expect(lines).toEqual([
      `${dep('override-args')}:6:48 error SP028: GET \`/shop/v1/orders\` has no arg \`perpage\`; use one of \`per_page\`; did you mean \`per_page\`?`,
      `${dep('override-args')}:7:48 error SP029: GET \`/shop/v1/orders\` already has an arg \`per_page\`; use \`set:\` to change it`,
      `${dep('override-args')}:8:13 error SP046: deployment \`only\` does not serve GET \`/shop/v1/hidden\`, so the override changes nothing; include the route or drop the override`,
      `${ns('override-args')}:18:82 error SP048: \`idParam\` \`ids\` of GET \`/shop/v1/orders/<id>\` is neither a capture nor an arg; use one of \`id\`, \`context\`; did you mean \`id\`?`,
    ]);
  });
});

describe('permission rules are ones the runtime implements', () => {
  it('a misspelled rule name, on an endpoint or a namespace, is an error at its place', async () => {
    const { lines } = await loadFixture('permission-rules');
    expect(withCode(lines, 'SP060')).toEqual([
      `${ns('permission-rules')}:2:21 error SP060: permission rule \`authenticatd\` is not one the runtime implements; did you mean \`authenticated\`?; use one of the rules in contract/permission-rules.ts, or \`capability: authenticatd\` for a primitive capability`,
      `${ns('permission-rules')}:6:64 error SP060: permission rule \`edit_psot\` is not one the runtime implements; did you mean \`edit_post\`?; use one of the rules in contract/permission-rules.ts, or \`capability: edit_psot\` for a primitive capability`,
    ]);
  });
});
