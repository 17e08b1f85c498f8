/**
 * Child process of the soak: browser mode's server on 127.0.0.1, on a given data folder
 * with a given token, so the load's clients and the server do not share one event loop.
 * Prints `port <n>` once listening; SIGTERM closes the server and the database.
 * node scripts/soak/serve.ts <data folder> <token>
 */
import path from 'node:path';
import { openCore } from '../../src/core/open-core.ts';
import { startServer } from '../../src/server/server.ts';

const [dataDir, token] = process.argv.slice(2) as [string, string];
const root = path.resolve(import.meta.dirname, '../..');
const core = openCore({
  dataDir,
  rendererDir: path.join(root, 'out', 'renderer'),
  resourcesDir: path.join(root, 'resources'),
});
const server = await startServer({ dispatch: core.dispatch, port: 0, token, ...core.media });
console.log(`port ${server.port}`);
process.on('SIGTERM', () => {
  void server.close().then(() => {
    core.close();
    process.exit(0);
  });
});
// A server the soak forgot stops by itself.
setTimeout(() => process.exit(3), 10 * 60_000).unref();
