import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(ROOT, 'src', 'server', 'cli.ts');
const LINE = /^Crit is serving at http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)$/;

const children: ChildProcess[] = [];
let tmp: string;

function run(args: string[]): ChildProcess {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  children.push(child);
  return child;
}

/** Resolves with the first full line of stdout, or rejects if the process ends first. */
function firstLine(
  child: ChildProcess,
  timeoutMs = 15_000,
): Promise<{ line: string; stdout: () => string }> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(
      () => reject(new Error(`no output in time; stderr: ${stderr}`)),
      timeoutMs,
    );
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const end = stdout.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve({ line: stdout.slice(0, end), stdout: () => stdout });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing; stderr: ${stderr}`));
    });
  });
}

/** Waits for the process to end and returns its exit code and output. */
function finished(
  child: ChildProcess,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, 'out', 'renderer', 'index.html'))) {
    execFileSync(path.join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  }
  tmp = await mkdtemp(path.join(os.tmpdir(), 'crit-cli-'));
}, 300_000);

afterAll(async () => {
  await Promise.all(
    children
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map(
        (c) =>
          new Promise<void>((resolve) => {
            c.once('exit', () => resolve());
            c.kill('SIGKILL');
          }),
      ),
  );
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('crit serve', () => {
  let printed: string;
  let url: string;
  let child: ChildProcess;

  let printedOnly = '';
  beforeAll(async () => {
    child = run(['--port', '0', '--data-dir', path.join(tmp, 'data', 'nested')]);
    const { line, stdout } = await firstLine(child);
    printed = line;
    url = line.replace(/^Crit is serving at /, '');
    // Give a second line, if any, a moment to arrive: there must be exactly one.
    await new Promise((r) => setTimeout(r, 200));
    printedOnly = stdout();
  }, 30_000);

  it('prints nothing but that line', () => {
    expect(printedOnly).toBe(`${printed}\n`);
  });

  it('prints exactly one line with the address and a hex token', () => {
    const match = LINE.exec(printed);
    expect(url).toBe(`http://127.0.0.1:${match?.[1]}/?token=${match?.[2]}`);
    expect(match).not.toBeNull();
    const port = Number(match?.[1]);
    expect(port).toBeGreaterThan(0);
    expect(port).toBeLessThan(65536);
    expect(match?.[2]?.length).toBeGreaterThanOrEqual(32);
  });

  it('creates the data folder it was given', () => {
    expect(existsSync(path.join(tmp, 'data', 'nested'))).toBe(true);
  });

  it('serves the app at the printed address', async () => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toMatch(/<html/i);

    expect(res.headers.get('set-cookie')).toBeNull();

    const token = new URL(url).searchParams.get('token');
    const call = await fetch(new URL('/api/samples:list', url), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        Origin: new URL(url).origin,
      },
      body: '[]',
    });
    expect(call.status).toBe(200);
    const envelope = (await call.json()) as { ok: boolean; value: { key: string }[] };
    expect(envelope.ok).toBe(true);
    expect(envelope.value.map((c) => c.key)).toEqual(['netflix', 'gemini']);
  });

  it('refuses calls without its token', async () => {
    const call = await fetch(new URL('/api/samples:list', url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: new URL(url).origin },
      body: '[]',
    });
    expect(call.status).toBe(401);
  });

  it('stops cleanly on SIGTERM', async () => {
    const done = finished(child);
    child.kill('SIGTERM');
    const { code } = await done;
    expect(code).toBe(0);
  });
});

describe('crit serve options', () => {
  it('uses a strong token given with --token', async () => {
    const token = '3f9c1e7a5b2d8f0c4a6e1b9d7c3f5a0e2b8d6c4a1f7e9b3d';
    const child = run(['--port', '0', '--data-dir', path.join(tmp, 'd2'), '--token', token]);
    const { line } = await firstLine(child);
    expect(line).toMatch(LINE);
    expect(line.endsWith(`/?token=${token}`)).toBe(true);
    const origin = new URL(line.replace(/^Crit is serving at /, '')).origin;
    const call = await fetch(`${origin}/api/samples:list`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        Origin: origin,
      },
      body: '[]',
    });
    expect(call.status).toBe(200);
    child.kill('SIGTERM');
  });

  it.each([
    ['too short', 'a1b2c3d4e5f6', 'at least 32 characters'],
    ['one repeated block', 'feedc0de'.repeat(6), 'too easy to guess'],
    ['a run of neighbours', 'abcdefghijklmnopqrstuvwxyz0123456789', 'too easy to guess'],
    ['few different characters', 'ab'.repeat(10) + 'ba'.repeat(10), 'too easy to guess'],
    ['characters a URL would mangle', `${'x'.repeat(30)}&token=1`, 'letters, digits'],
  ])('refuses a weak --token (%s) with a clear message', async (_label, token, says) => {
    const child = run(['--port', '0', '--data-dir', path.join(tmp, 'd4'), '--token', token]);
    const { code, stdout, stderr } = await finished(child);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('--token');
    expect(stderr).toContain(says);
    expect(stderr).toContain('Leave --token out');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it.each([['abc'], ['70000'], ['1.5'], ['0x50'], [' '], ['']])(
    'exits non-zero with a clear message for --port %j',
    async (port) => {
      const child = run(['--port', port, '--data-dir', path.join(tmp, 'd3')]);
      const { code, stdout, stderr } = await finished(child);
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(stdout).toBe('');
      expect(stderr).toContain('--port');
      expect(stderr).toContain(`"${port}"`);
      expect(stderr).not.toMatch(/\n\s+at /);
    },
  );

  it('exits non-zero with a clear message for an unknown option', async () => {
    const { code, stdout, stderr } = await finished(run(['--bogus']));
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stdout).toBe('');
    expect(stderr).toContain('--bogus');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
