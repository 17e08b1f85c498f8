// The layers are guarded by lint, not by habit: each probe below is an import that runs
// the wrong way, written into the folder it would break, and `npm run lint`'s oxlint
// configuration must refuse it.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const oxlint = path.join(root, 'node_modules', '.bin', 'oxlint');

function lint(folder: string, source: string): { ok: boolean; output: string } {
  const file = path.join(root, folder, `layer-probe-${randomUUID()}.ts`);
  writeFileSync(file, source);
  try {
    const run = spawnSync(oxlint, ['--deny-warnings', '-c', '.oxlintrc.json', file], {
      cwd: root,
      encoding: 'utf8',
    });
    return { ok: run.status === 0, output: run.stdout + run.stderr };
  } finally {
    rmSync(file, { force: true });
  }
}

const refused: [string, string, string][] = [
  ['renderer → core', 'src/renderer/src', "import { openCore } from '../../core/open-core.ts';"],
  ['renderer → main', 'src/renderer/src', "import { bindContract } from '../../main/ipc.ts';"],
  ['renderer → electron', 'src/renderer/src', "import { ipcRenderer } from 'electron';"],
  ['renderer → node', 'src/renderer/src', "import fs from 'node:fs';"],
  ['core → electron', 'src/core', "import { app } from 'electron';"],
  ['core → react', 'src/core', "import React from 'react';"],
  ['core → main', 'src/core', "import { bindContract } from '../main/ipc.ts';"],
  ['core → server', 'src/core', "import { startServer } from '../server/server.ts';"],
  ['shared → electron', 'src/shared', "import { app } from 'electron';"],
  ['shared → react', 'src/shared', "import React from 'react';"],
  ['shared → core', 'src/shared', "import { openCore } from '../core/open-core.ts';"],
  ['shared → node', 'src/shared', "import fs from 'node:fs';"],
  ['main → renderer', 'src/main', "import { api } from '../renderer/src/bridge/api.ts';"],
  ['server → main', 'src/server', "import { bindContract } from '../main/ipc.ts';"],
  ['preload → core', 'src/preload', "import { openCore } from '../core/open-core.ts';"],
];

describe('layers', () => {
  test.each(refused)('lint refuses %s', (_name, folder, line) => {
    const result = lint(folder, `${line}\nexport const probe = 1;\n`);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('no-restricted-imports');
  });

  test.each([
    ['renderer → shared', 'src/renderer/src', "import { TAGS } from '../../shared/domain.ts';"],
    ['core → shared', 'src/core', "import { TAGS } from '../shared/domain.ts';"],
    ['main → core', 'src/main', "import { openCore } from '../core/open-core.ts';"],
    ['server → core', 'src/server', "import { openCore } from '../core/open-core.ts';"],
    ['main → electron', 'src/main', "import { app } from 'electron';"],
  ])('lint allows %s', (_name, folder, line) => {
    const result = lint(folder, `${line}\nexport const probe = 1;\n`);
    expect(result.output).not.toContain('no-restricted-imports');
  });
});
