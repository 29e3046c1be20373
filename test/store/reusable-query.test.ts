/**
 * runtime/store/reusable-query.ts on whichever engine this run uses: compiled once per handle,
 * each call runs with its own values (in any position, including several arguments), and a build
 * that does not use every argument as a value is refused (one used twice is bound twice) instead of running the wrong SQL. One
 * compiled copy serves a database and its transactions, and plugins see every run of a write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Database } from '../../runtime/store/schema.ts';
import { reusableQuery } from '../../runtime/store/reusable-query.ts';
import { openTestDatabase, testEngine } from '../../runtime/testing/test-database.ts';

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  await db.insertInto('options').values([
    { name: 'reusable_a', value: '"one"' },
    { name: 'reusable_b', value: '"two"' },
  ]).execute();
});
afterAll(() => close());

describe('reusableQuery', () => {
  it('runs the once-compiled query with each call\'s values', async () => {
    let builds = 0;
    const byName = reusableQuery((d: Kysely<Database>, name: string) => {
      builds++;
      return d.selectFrom('options').select(['name', 'value']).where('name', '=', name);
    });
    expect(await byName(db, 'reusable_a')).toEqual([{ name: 'reusable_a', value: '"one"' }]);
    expect(await byName(db, 'reusable_b')).toEqual([{ name: 'reusable_b', value: '"two"' }]);
    expect(await byName(db, 'reusable_none')).toEqual([]);
    // Compiled once on SQLite; PostgreSQL's plugins read the values, so it builds each time.
    expect(builds).toBe(testEngine() === 'sqlite' ? 1 : 3);
  });

  it('puts each argument where the build used it, whatever their order in the SQL', async () => {
    const either = reusableQuery((d: Kysely<Database>, second: string, first: string) =>
      d.selectFrom('options').select('name').where((eb) => eb.or([eb('name', '=', first), eb('name', '=', second)])).orderBy('name'));
    expect((await either(db, 'reusable_b', 'reusable_a')).map((r) => r.name)).toEqual(['reusable_a', 'reusable_b']);
    expect((await either(db, 'reusable_b', 'reusable_none')).map((r) => r.name)).toEqual(['reusable_b']);
  });

  it('refuses a build that leaves an argument out where it would reuse the SQL (SQLite)', async () => {
    const careless = reusableQuery((d: Kysely<Database>, _name: string) => d.selectFrom('options').select('name').where('name', '=', 'reusable_a'));
    if (testEngine() === 'sqlite') await expect(careless(db, 'reusable_b')).rejects.toThrow(/every argument/);
    // PostgreSQL builds every call with its values: the build runs as written.
    else expect(await careless(db, 'reusable_b')).toEqual([{ name: 'reusable_a' }]);
  });

  it('binds an argument used twice at both places, each call with its own value', async () => {
    const either = reusableQuery((d: Kysely<Database>, name: string) =>
      d.selectFrom('options').select('name').where((eb) => eb.or([eb('name', '=', name), eb('value', '=', name)])),
    );
    expect(await either(db, 'reusable_a')).toEqual([{ name: 'reusable_a' }]);
    expect(await either(db, 'reusable_b')).toEqual([{ name: 'reusable_b' }]);
  });

  it('refuses a call with another number of arguments than the one it was compiled for (SQLite)', async () => {
    const byNames = reusableQuery((d: Kysely<Database>, ...names: string[]) => d.selectFrom('options').select('name').where('name', 'in', names));
    expect(await byNames(db, 'reusable_a')).toEqual([{ name: 'reusable_a' }]);
    if (testEngine() === 'sqlite') await expect(byNames(db, 'reusable_a', 'reusable_b')).rejects.toThrow(/compiled for 1 arguments, called with 2/);
    else expect(await byNames(db, 'reusable_a', 'reusable_b')).toHaveLength(2);
  });

  it('compiles once for a database and its transactions alike (SQLite)', async () => {
    let builds = 0;
    const byName = reusableQuery((d: Kysely<Database>, name: string) => {
      builds++;
      return d.selectFrom('options').select('value').where('name', '=', name);
    });
    expect(await byName(db, 'reusable_a')).toEqual([{ value: '"one"' }]);
    await db.transaction().execute(async (trx) => {
      expect(await byName(trx, 'reusable_b')).toEqual([{ value: '"two"' }]);
    });
    await db.transaction().execute(async (trx) => {
      expect(await byName(trx, 'reusable_a')).toEqual([{ value: '"one"' }]);
    });
    expect(builds).toBe(testEngine() === 'sqlite' ? 1 : 3);
  });

  it('lets plugins see every run of a write, each with its own query id and result', async () => {
    const seen: string[] = [];
    const watcher: KyselyPlugin = {
      transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
        if (args.node.kind === 'UpdateQueryNode') seen.push(`before ${args.queryId.queryId}`);
        return args.node;
      },
      async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        if (seen.includes(`before ${args.queryId.queryId}`)) seen.push(`after ${args.queryId.queryId}`);
        return args.result;
      },
    };
    const watched = db.withPlugin(watcher);
    const setValue = reusableQuery((d: Kysely<Database>, name: string, value: string) => d.updateTable('options').set({ value }).where('name', '=', name));
    for (const value of ['"1"', '"2"', '"3"']) await setValue(watched, 'reusable_b', value);
    await watched.transaction().execute((trx) => setValue(trx, 'reusable_b', '"4"'));
    expect((await db.selectFrom('options').select('value').where('name', '=', 'reusable_b').executeTakeFirst())?.value).toBe('"4"');
    const ids = seen.filter((s) => s.startsWith('before')).map((s) => s.slice(7));
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(seen.indexOf(`after ${id}`)).toBeGreaterThan(seen.indexOf(`before ${id}`));
  });
});
