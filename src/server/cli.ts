import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openCore } from '../core/open-core.ts';
import type { ChromiumPdfPrinter } from './pdf-printer.ts';
import { startServer } from './server.ts';
import { tokenWeakness } from './token-strength.ts';

const root = path.resolve(import.meta.dirname, '../..');

function fail(message: string): never {
  console.error(`crit serve: ${message}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        'data-dir': { type: 'string' },
        token: { type: 'string' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

// Digits only: Number() would read "", " ", "0x50" and "1e3" as ports.
const port = /^\d{1,5}$/.test(values.port) ? Number(values.port) : NaN;
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port must be 0–65535, got "${values.port}".`);
const weakness = values.token === undefined ? null : tokenWeakness(values.token);
if (weakness) fail(weakness);
const dataDir = path.resolve(values['data-dir'] ?? path.join(root, '.cache', 'browser-data'));
const rendererDir = path.join(root, 'out', 'renderer');
const resourcesDir = path.join(root, 'resources');
if (!existsSync(path.join(rendererDir, 'index.html'))) {
  fail('the renderer is not built; run "npm run build" first.');
}
mkdirSync(dataDir, { recursive: true });

// Reports print to PDF in a headless Chromium, loaded and started on the first PDF only.
let printer: Promise<ChromiumPdfPrinter> | null = null;
const printPdf = async (html: string) => {
  printer ??= import('./pdf-printer.ts').then((m) => m.createPdfPrinter());
  return (await printer).print(html);
};

const core = (() => {
  try {
    return openCore({ dataDir, rendererDir, resourcesDir, printPdf });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const server = await startServer({
  dispatch: core.dispatch,
  events: core.events,
  port,
  ...core.media,
  ...(values.token !== undefined ? { token: values.token } : {}),
});
console.log(`Crit is serving at ${server.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server
      .close()
      .then(() => printer?.then((p) => p.close()))
      .catch((error: unknown) => console.error('crit serve: could not close the printer:', error))
      .finally(() => {
        core.close();
        process.exit(0);
      });
  });
}
