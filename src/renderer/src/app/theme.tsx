import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

export type Mode = 'light' | 'dark';
const STORAGE_KEY = 'gcbo.theme';

/** The keyboard focus ring: the primary colour of the mode (3:1 or more against its background). */
const focusRing = (mode: Mode) => (mode === 'light' ? '#1f4e79' : '#90caf9');

/** Light and dark palettes; every colour pair here meets WCAG AA contrast (axe checks it in the e2e tests). */
export function buildTheme(mode: Mode) {
  return createTheme({
    palette:
      mode === 'light'
        ? {
            mode,
            primary: { main: '#1f4e79' },
            secondary: { main: '#00695c' },
            success: { main: '#1b5e20' },
            warning: { main: '#8a4b00' },
            error: { main: '#b71c1c' },
          }
        : {
            mode,
            primary: { main: '#90caf9' },
            secondary: { main: '#80cbc4' },
            success: { main: '#81c784' },
            warning: { main: '#ffb74d' },
            error: { main: '#ef9a9a' },
          },
    components: {
      // Subtitles are text, not headings (MUI maps them to h6, which breaks the heading order).
      MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
      // A disabled field's hint stays readable (AA contrast).
      MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
      // A keyboard focus shows as a ring in the brand colour on every button, link button, tab, menu entry and sort
      // header (issue 55: MUI's own is a faint ripple, and a sort header only lightened its text). Inside its box where a
      // scroller would clip it (tabs, menu and list entries); white on the top bar.
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: `2px solid ${focusRing(mode)}`, outlineOffset: 2 } } },
      },
      MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
      // One row height in every table (all small), and dates, codes and amounts never break mid-token.
      MuiTable: { defaultProps: { size: 'small' } },
      MuiTableCell: { styleOverrides: { root: { '& .nowrap, &.nowrap': { whiteSpace: 'nowrap' } } } },
      // The top bar keeps the brand colour in both modes.
      MuiAppBar: {
        defaultProps: { enableColorOnDark: true },
        styleOverrides: {
          root: {
            ...(mode === 'dark' ? { backgroundColor: '#0d2a45', color: '#fff' } : {}),
            '& .Mui-focusVisible': { outlineColor: '#fff' },
          },
        },
      },
    },
  });
}

interface ThemeMode {
  mode: Mode;
  toggle(): void;
}
const ModeContext = createContext<ThemeMode>({ mode: 'light', toggle: () => undefined });

function storedMode(): Mode | null {
  try {
    const v = window.localStorage.getItem(STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
}

/** The theme follows the OS (prefers-color-scheme) until the top bar's switch picks one, which is remembered. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [chosen, setChosen] = useState<Mode | null>(storedMode);
  const mode: Mode = chosen ?? (prefersDark ? 'dark' : 'light');
  const theme = useMemo(() => buildTheme(mode), [mode]);
  const toggle = useCallback(() => {
    const next: Mode = mode === 'dark' ? 'light' : 'dark';
    setChosen(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  }, [mode]);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ModeContext.Provider>
  );
}

export const useThemeMode = () => useContext(ModeContext);
