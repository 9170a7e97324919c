import { SqliteQueryCompiler, type LimitNode } from 'kysely';

/**
 * SQLite reads the row count of `limit ?` from the value bound to it while planning, so such a statement is
 * prepared again each time a count is bound, that is at every execution (a small indexed select took three times
 * as long). Behind a unary plus the count is an expression the planner does not read; the statement still takes
 * the bound count when it runs.
 */
export class SqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit +');
    this.visitNode(node.limit);
  }
}
