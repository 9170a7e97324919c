import {
  RawNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * SQLite: reads the records of a query from the named index (`indexed by`). Its planner likes a field's narrow
 * index for the order of a group-by and then parses every row's JSON again; the report's covering index holds the
 * same values already parsed (measured at 200,000 records: 0.95 s against 0.14 s for a sum by region). Only the
 * outermost `records` is named; the index must hold the app's (tenant, app, draft) prefix, as every report index does.
 */
export class IndexedBy implements KyselyPlugin {
  constructor(private readonly index: string) {
    if (!/^records_rp_[0-9a-f]{16}$/.test(index)) throw new Error(`unexpected index name ${index}`);
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind !== 'SelectQueryNode' || !node.from) return node;
    const [first, ...rest] = node.from.froms;
    if (
      first?.kind !== 'TableNode' ||
      (first as { table?: { identifier?: { name?: string } } }).table?.identifier?.name !== 'records'
    )
      return node;
    const from = { ...node.from, froms: [RawNode.createWithSql(`"records" indexed by "${this.index}"`), ...rest] };
    return { ...node, from };
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}
