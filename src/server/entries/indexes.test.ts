import { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { FieldIndexer } from './indexes.js';

/** Waits until `done` holds (polling, at most 10 s): a busy machine delays timers. */
async function until(done: () => boolean) {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}

it('builds one index at a time, and builds a failed one again when a list next asks for it', async () => {
  let running = 0;
  let most = 0;
  const ran: string[] = [];
  const warned: string[] = [];
  let fail = true;
  const background = async ([ddl]: string[]) => {
    most = Math.max(most, ++running);
    await new Promise((r) => setTimeout(r, 20));
    running--;
    ran.push(ddl!);
    if (fail) {
      fail = false;
      throw new Error('deadlock detected');
    }
  };
  const indexer = new FieldIndexer(
    () => undefined as unknown as Kysely<unknown>,
    'postgres',
    { warn: (_o, m) => warned.push(m) },
    background,
  );
  indexer.ensure([
    { name: 'amount', kind: 'number' },
    { name: 'region', kind: 'text' },
  ]);
  indexer.ensurePair({ name: 'region', kind: 'text' }, { name: 'amount', kind: 'number' });
  indexer.ensure([{ name: 'amount', kind: 'number' }]);
  await until(() => warned.length === 1 && ran.length === 3);
  expect(most).toBe(1);
  expect(ran).toHaveLength(3);
  expect(warned).toHaveLength(1);
  indexer.ensure([{ name: 'amount', kind: 'number' }]);
  await until(() => ran.length === 4);
  expect(ran).toHaveLength(4);
  expect(ran[3]).toBe(ran[0]);
});
