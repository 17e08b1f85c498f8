import type { DatabaseSync, StatementSync } from 'node:sqlite';

const statements = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

/**
 * A statement compiled once per database and kept: compiling costs about as much as
 * running a page's query, and reads run on every page switch. SQLite recompiles a kept
 * statement by itself if the schema changes under it.
 */
export function cached(db: DatabaseSync, sql: string, rowsAsArrays = false): StatementSync {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  const key = `${rowsAsArrays ? 'arrays' : 'objects'}:${sql}`;
  let statement = cache.get(key);
  if (!statement) {
    statement = db.prepare(sql);
    statement.setReturnArrays(rowsAsArrays);
    cache.set(key, statement);
  }
  return statement;
}
