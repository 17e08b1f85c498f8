import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_EXTENSION } from '../../src/core/packages/format.ts';

/**
 * The packaging config as electron-builder reads it: parsed with js-yaml, the parser
 * electron-builder itself uses (no other YAML library is installed), and checked against
 * electron-builder's own schema, which rejects an unknown or misspelt option.
 */

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(path.join(root, 'package.json'));
const yaml = require('js-yaml') as { load(text: string): unknown };
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (on: boolean) => unknown };

const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<
  string,
  unknown
>;
const validate = (c: unknown) => validateConfiguration(c, new DebugLogger(false));

describe('electron-builder.yml', () => {
  it('flips every fuse that would let something other than app.asar run as Crit', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('keeps the asar on, or integrity validation and asar-only loading would mean nothing', () => {
    expect(config.asar ?? true).not.toBe(false);
    expect((config.asar as { disableIntegrity?: boolean } | undefined)?.disableIntegrity).not.toBe(
      true,
    );
  });

  it('registers the review package type, so a double-click opens it in Crit', () => {
    const associations = config.fileAssociations as Record<string, unknown>[];
    const critpkg = associations.find((a) => `.${String(a.ext)}` === PACKAGE_EXTENSION);
    expect(critpkg).toMatchObject({
      name: 'Crit review package',
      mimeType: 'application/x-crit-review-package',
      role: 'Editor',
    });
  });

  it("passes electron-builder's own schema, which refuses a misspelt fuse", async () => {
    await expect(validate(config)).resolves.toBeUndefined();
    const misspelt = { ...config, electronFuses: { runAsNod: false } };
    await expect(validate(misspelt)).rejects.toThrow(/electronFuses/);
  }, 20_000);
});
