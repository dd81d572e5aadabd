import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle.ts';
import { themes, type DarkStyle } from './themes.ts';

type ThemeMode = 'light' | 'dark';
const THEME_MODE_KEY = 'kicksight-theme';
const DARK_STYLE_KEY = 'kicksight-dark-style';

interface ThemeModeValue {
  mode: ThemeMode;
  darkStyle: DarkStyle;
  toggle(): void;
  setMode(mode: ThemeMode): void;
  setDarkStyle(style: DarkStyle): void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

function stored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = localStorage.getItem(key);
    return allowed.includes(value as T) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

const prefersDark = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;

/** Light or dark (Stone or Night), remembered in this browser. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => stored(THEME_MODE_KEY, ['light', 'dark'], prefersDark() ? 'dark' : 'light'));
  const [darkStyle, setDarkStyleState] = useState<DarkStyle>(() => stored(DARK_STYLE_KEY, ['stone', 'night'], 'night'));

  const setMode = useCallback((next: ThemeMode) => {
    localStorage.setItem(THEME_MODE_KEY, next);
    setModeState(next);
  }, []);
  const setDarkStyle = useCallback((next: DarkStyle) => {
    localStorage.setItem(DARK_STYLE_KEY, next);
    setDarkStyleState(next);
  }, []);
  const toggle = useCallback(() => setMode(mode === 'dark' ? 'light' : 'dark'), [mode, setMode]);

  const value = useMemo(() => ({ mode, darkStyle, toggle, setMode, setDarkStyle }), [mode, darkStyle, toggle, setMode, setDarkStyle]);
  const theme = mode === 'dark' ? themes[darkStyle] : themes.light;
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode needs a ThemeModeProvider');
  return value;
}
