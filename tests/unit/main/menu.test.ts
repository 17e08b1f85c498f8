import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';

const fake = await vi.hoisted(async () =>
  (await import('./fake-electron.ts')).createFakeElectron(),
);
vi.mock('electron', () => fake);

const { buildMenuTemplate, installMenu } = await import('../../../src/main/menu.ts');

type Item = MenuItemConstructorOptions;

function build(overrides: { isMac?: boolean; isDev?: boolean } = {}) {
  const openHelp = vi.fn();
  const runCommand = vi.fn();
  const template = buildMenuTemplate({
    appName: 'Crit',
    isMac: false,
    isDev: false,
    openHelp,
    runCommand,
    ...overrides,
  });
  return { template, openHelp, runCommand };
}

const labels = (template: Item[]) => template.map((item) => item.label ?? item.role);
const submenu = (template: Item[], label: string) =>
  (template.find((item) => (item.label ?? item.role) === label)?.submenu ?? []) as Item[];
const roles = (items: Item[]) => items.map((item) => item.role ?? item.type ?? item.label);

describe('buildMenuTemplate', () => {
  it('has the standard menus on Windows and Linux', () => {
    const { template } = build();
    expect(labels(template)).toEqual(['File', 'Edit', 'View', 'Window', 'help']);
    expect(roles(submenu(template, 'File'))).toEqual([
      'New design…',
      'Open…',
      'separator',
      'Import pages…',
      'Capture a web page…',
      'separator',
      'Export review package…',
      'Export report…',
      'separator',
      'close',
      'separator',
      'quit',
    ]);
  });

  it('starts with the app menu on macOS, where Quit lives', () => {
    const { template } = build({ isMac: true });
    expect(labels(template)).toEqual(['Crit', 'File', 'Edit', 'View', 'Window', 'help']);
    const app = roles(submenu(template, 'Crit'));
    expect(app).toContain('about');
    expect(app).toContain('hide');
    expect(app.at(-1)).toBe('quit');
    expect(roles(submenu(template, 'File'))).toEqual([
      'New design…',
      'Open…',
      'separator',
      'Import pages…',
      'Capture a web page…',
      'separator',
      'Export review package…',
      'Export report…',
      'separator',
      'close',
    ]);
    expect(roles(submenu(template, 'Window'))).toContain('front');
  });

  it('has the editing roles text fields need', () => {
    const edit = roles(submenu(build().template, 'Edit'));
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']) {
      expect(edit).toContain(role);
    }
  });

  it('offers reload and developer tools only in development', () => {
    const prod = roles(submenu(build().template, 'View'));
    expect(prod).not.toContain('reload');
    expect(prod).not.toContain('forceReload');
    expect(prod).not.toContain('toggleDevTools');
    expect(prod).toEqual(
      expect.arrayContaining(['Fit to Width', 'Zoom In', 'Zoom Out', 'togglefullscreen']),
    );

    // The screenshot's own zoom, as commands: Chromium's page zoom would scale the whole UI.
    const view = submenu(build().template, 'View');
    for (const [label, command] of [
      ['Fit to Width', 'zoom-fit'],
      ['Zoom In', 'zoom-in'],
      ['Zoom Out', 'zoom-out'],
    ] as const) {
      const { template, runCommand } = build();
      const item = submenu(template, 'View').find((i) => i.label === label);
      if (!item?.click) throw new Error(`View has no ${label} to click`);
      (item.click as () => void)();
      expect(runCommand).toHaveBeenCalledExactlyOnceWith(command);
    }
    expect(view.some((i) => ['zoomIn', 'zoomOut', 'resetZoom'].includes(String(i.role)))).toBe(
      false,
    );

    const dev = roles(submenu(build({ isDev: true }).template, 'View'));
    expect(dev).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']));
  });

  it('opens help through the given function', () => {
    const { template, openHelp } = build();
    const [help] = submenu(template, 'help');
    if (!help?.click) throw new Error('Help has no item to click');
    expect(help.label).toBe('Crit Help');
    (help.click as () => void)();
    expect(openHelp).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['New design…', 'new-design', 'CmdOrCtrl+N'],
    ['Import pages…', 'import-pages', 'CmdOrCtrl+I'],
    ['Open…', 'open-package', 'CmdOrCtrl+O'],
    ['Export review package…', 'export-package', 'CmdOrCtrl+E'],
    ['Export report…', 'export-report', 'CmdOrCtrl+Shift+E'],
    ['Capture a web page…', 'capture-page', 'CmdOrCtrl+Shift+C'],
  ])('File › %s hands the %s command to the renderer', (label, command, accelerator) => {
    for (const isMac of [false, true]) {
      const { template, runCommand } = build({ isMac });
      const item = submenu(template, 'File').find((i) => i.label === label);
      if (!item?.click) throw new Error(`File has no ${label} to click`);
      expect(item.accelerator).toBe(accelerator);
      (item.click as () => void)();
      expect(runCommand).toHaveBeenCalledExactlyOnceWith(command);
    }
  });
});

describe('installMenu', () => {
  it('installs the built template as the application menu', () => {
    installMenu({
      appName: 'Crit',
      isMac: false,
      isDev: false,
      openHelp: () => {},
      runCommand: () => {},
    });
    expect(fake.Menu.buildFromTemplate).toHaveBeenCalledTimes(1);
    const built = fake.Menu.buildFromTemplate.mock.results[0]?.value;
    expect(fake.Menu.setApplicationMenu).toHaveBeenCalledExactlyOnceWith(built);
    expect(labels(built.template)).toEqual(['File', 'Edit', 'View', 'Window', 'help']);
  });
});
