export { ThemeModeProvider, useThemeMode } from './ThemeModeProvider.tsx';
export { ThemeToggle } from './ThemeToggle.tsx';
export { type DarkStyle } from './themes.ts';
