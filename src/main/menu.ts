import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { EventPayload } from '../shared/events.ts';

/** A command the menu hands to the renderer. */
export type MenuCommand = EventPayload<'menu:command'>['command'];

/** Where Help › Crit Help leads (the project's home page). */
export const HELP_URL = 'https://crit.invalid/help';

/** What the menu depends on. */
export interface MenuOptions {
  appName: string;
  isMac: boolean;
  /** Development builds get reload and developer tools. */
  isDev: boolean;
  /** Opens the help page in the system browser. */
  openHelp: () => void;
  /** Hands a command (File › New design…, Open…, Export report…, …) to the renderer. */
  runCommand: (command: MenuCommand) => void;
}

/**
 * The application menu as a template: the platform's standard menus (the app menu on macOS,
 * File, Edit, View, Window, Help), built without touching Electron so it can be inspected.
 */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { appName, isMac, isDev, openHelp, runCommand } = options;
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) {
    template.push({
      label: appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push({
    label: 'File',
    submenu: [
      { label: 'New design…', accelerator: 'CmdOrCtrl+N', click: () => runCommand('new-design') },
      { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: () => runCommand('open-package') },
      { type: 'separator' },
      {
        label: 'Import pages…',
        accelerator: 'CmdOrCtrl+I',
        click: () => runCommand('import-pages'),
      },
      {
        label: 'Capture a web page…',
        accelerator: 'CmdOrCtrl+Shift+C',
        click: () => runCommand('capture-page'),
      },
      { type: 'separator' },
      {
        label: 'Export review package…',
        accelerator: 'CmdOrCtrl+E',
        click: () => runCommand('export-package'),
      },
      {
        label: 'Export report…',
        accelerator: 'CmdOrCtrl+Shift+E',
        click: () => runCommand('export-report'),
      },
      { type: 'separator' },
      // macOS keeps Quit in the app menu.
      ...(isMac
        ? [{ role: 'close' } as const]
        : ([{ role: 'close' }, { type: 'separator' }, { role: 'quit' }] as const)),
    ],
  });
  template.push({
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  });
  template.push({
    label: 'View',
    submenu: [
      ...(isDev
        ? ([
            { role: 'reload' },
            { role: 'forceReload' },
            { role: 'toggleDevTools' },
            { type: 'separator' },
          ] as const)
        : []),
      // The screenshot's zoom, not Chromium's page zoom, which would scale the whole UI.
      {
        label: 'Fit to Width',
        accelerator: 'CmdOrCtrl+0',
        click: () => runCommand('zoom-fit'),
      },
      { label: 'Zoom In', accelerator: 'CmdOrCtrl+Plus', click: () => runCommand('zoom-in') },
      { label: 'Zoom Out', accelerator: 'CmdOrCtrl+-', click: () => runCommand('zoom-out') },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  });
  template.push({
    label: 'Window',
    submenu: isMac
      ? [
          { role: 'minimize' },
          { role: 'zoom' },
          { type: 'separator' },
          { role: 'front' },
          { type: 'separator' },
          { role: 'window' },
        ]
      : [{ role: 'minimize' }, { role: 'zoom' }, { role: 'close' }],
  });
  template.push({
    role: 'help',
    submenu: [{ label: `${appName} Help`, click: () => openHelp() }],
  });
  return template;
}

/** Builds the menu from the template and installs it as the application menu. */
export function installMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(options)));
}
