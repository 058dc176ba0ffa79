import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

export type Mode = 'light' | 'dark';
const STORAGE_KEY = 'gcbo.theme';

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
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
      // One row height in every table (all small), and dates, codes and amounts never break mid-token.
      MuiTable: { defaultProps: { size: 'small' } },
      MuiTableCell: { styleOverrides: { root: { '& .nowrap, &.nowrap': { whiteSpace: 'nowrap' } } } },
      // The top bar keeps the brand colour in both modes.
      MuiAppBar: {
        defaultProps: { enableColorOnDark: true },
        styleOverrides: { root: mode === 'dark' ? { backgroundColor: '#0d2a45', color: '#fff' } : {} },
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
