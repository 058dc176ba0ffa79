import type { Role } from '../shared/constants';
import { screensFor } from '../shared/screens';

/** The subset of Electron's MenuItemConstructorOptions the app menu uses (so it is built and tested without Electron). */
export interface MenuItem {
  label?: string;
  role?: string;
  type?: 'separator' | 'normal';
  accelerator?: string;
  enabled?: boolean;
  click?: () => void;
  submenu?: MenuItem[];
}

export interface MenuActions {
  /** Opens a screen of the app (a path of SCREENS). */
  go(path: string): void;
  /** The card search (by card number). */
  search(): void;
  /** Reloads the data on screen (not the page). */
  reload(): void;
  /** Set when an update has been downloaded: "Restart to Update". */
  restartToUpdate?: () => void;
}

const sep: MenuItem = { type: 'separator' };

/**
 * The application menu for a role (null: signed out). The usual Edit / View / Window / Help menus plus Go, with an
 * entry for every screen the role has (Ctrl/Cmd+1..9 in sidebar order), "Search a Card..." (Ctrl/Cmd+F) and
 * "Reload List" (Ctrl/Cmd+R). The accelerators show in the menu, where people learn them.
 */
export function menuTemplate(opts: { role: Role | null; platform: NodeJS.Platform; dev: boolean; actions: MenuActions }): MenuItem[] {
  const { actions } = opts;
  const screens = opts.role ? screensFor(opts.role) : [];
  const go: MenuItem = {
    label: '&Go',
    submenu: opts.role
      ? [
          ...screens.map((s, i) => ({
            label: s.label,
            ...(i < 9 ? { accelerator: `CmdOrCtrl+${i + 1}` } : {}),
            click: () => actions.go(s.path),
          })),
          sep,
          { label: 'Search a Card...', accelerator: 'CmdOrCtrl+F', click: () => actions.search() },
        ]
      : [{ label: 'Sign in to see the screens', enabled: false }],
  };
  const view: MenuItem = {
    label: '&View',
    submenu: [
      { label: 'Reload List', accelerator: 'CmdOrCtrl+R', enabled: !!opts.role, click: () => actions.reload() },
      ...(opts.dev ? [{ role: 'forceReload' }, { role: 'toggleDevTools' }] : []),
      sep,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      sep,
      { role: 'togglefullscreen' },
    ],
  };
  const help: MenuItem = {
    role: 'help',
    submenu: [...(actions.restartToUpdate ? [{ label: 'Restart to Update', click: actions.restartToUpdate }, sep] : []), { role: 'about' }],
  };
  return [
    ...(opts.platform === 'darwin' ? [{ role: 'appMenu' }] : [{ label: '&File', submenu: [{ role: 'quit' }] }]),
    { role: 'editMenu' },
    view,
    go,
    { role: 'windowMenu' },
    help,
  ];
}
