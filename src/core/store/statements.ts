import type { DatabaseSync, StatementSync } from 'node:sqlite';

interface Cache {
  objects: Map<string, StatementSync>;
  arrays: Map<string, StatementSync>;
}

const statements = new WeakMap<DatabaseSync, Cache>();

/**
 * A statement compiled once per database and kept: compiling costs about as much as
 * running a page's query, and reads run on every page switch. SQLite recompiles a kept
 * statement by itself if the schema changes under it. The SQL text itself is the key (no
 * key built per call: hashing a new string of the whole SQL on every row of a bulk insert
 * cost more than a tenth of the row's insert).
 */
export function cached(db: DatabaseSync, sql: string, rowsAsArrays = false): StatementSync {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = { objects: new Map(), arrays: new Map() }));
  const kind = rowsAsArrays ? cache.arrays : cache.objects;
  let statement = kind.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statement.setReturnArrays(rowsAsArrays);
    kind.set(sql, statement);
  }
  return statement;
}
