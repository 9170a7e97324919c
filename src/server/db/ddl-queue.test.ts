import { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { FieldIndexer } from '../entries/indexes.js';
import { ddlQueueFor } from './ddl-queue.js';

it('runs the schema changes of every builder of one database one at a time, going on past a failed one', async () => {
  const db = {};
  let running = 0;
  let most = 0;
  const ran: string[] = [];
  const change = async (name: string, fail = false) => {
    most = Math.max(most, ++running);
    await new Promise((r) => setTimeout(r, 10));
    running--;
    ran.push(name);
    if (fail) throw new Error('deadlock detected');
    return name;
  };
  const warned: string[] = [];
  const indexers = [1, 2].map(
    () =>
      new FieldIndexer(
        () => undefined as unknown as Kysely<unknown>,
        'postgres',
        { warn: (_o, m) => warned.push(m) },
        ([ddl]) => change(ddl!).then(() => undefined),
        ddlQueueFor(db),
      ),
  );
  indexers[0]!.ensure([{ name: 'amount', kind: 'number' }]);
  indexers[1]!.ensureSearch('title');
  const failed = ddlQueueFor(db)(() => change('stored columns', true));
  const last = ddlQueueFor(db)(() => change('covering index'));
  await expect(failed).rejects.toThrow('deadlock detected');
  expect(await last).toBe('covering index');
  expect(most).toBe(1);
  expect(ran).toHaveLength(4);
  expect(ran.slice(2)).toEqual(['stored columns', 'covering index']);
  expect(warned).toEqual([]);
  // Another database has a queue of its own.
  expect(ddlQueueFor({})).not.toBe(ddlQueueFor(db));
});
