import type { DatabaseSync } from 'node:sqlite';

let savepointCounter = 0;

/**
 * Runs `fn` in one transaction: committed when it returns, rolled back when it throws.
 *
 * The outermost call takes the write lock up front (BEGIN IMMEDIATE), so two writers
 * queue on the busy timeout instead of failing halfway. Nested calls become savepoints:
 * an inner failure undoes only the inner work, and the outer call decides the rest.
 * `fn` must be synchronous; do any awaiting (image decoding, file writes) before.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  const nested = db.isTransaction;
  const savepoint = `crit_${++savepointCounter}`;
  db.exec(nested ? `SAVEPOINT ${savepoint}` : 'BEGIN IMMEDIATE');
  let result: T;
  try {
    result = fn();
    if (result instanceof Promise) {
      result.catch(() => {});
      throw new TypeError('transaction() needs a synchronous function; await before it.');
    }
  } catch (error) {
    if (nested) {
      db.exec(`ROLLBACK TO ${savepoint}`);
      db.exec(`RELEASE ${savepoint}`);
    } else if (db.isTransaction) {
      db.exec('ROLLBACK');
    }
    throw error;
  }
  db.exec(nested ? `RELEASE ${savepoint}` : 'COMMIT');
  return result;
}
