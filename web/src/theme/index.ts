export { ThemeModeProvider, useThemeMode, type ThemeMode } from './ThemeModeProvider.tsx';
export { ThemeToggle } from './ThemeToggle.tsx';
export { themes, light, stone, night, type AppTheme, type DarkStyle, type ThemeName } from './themes.ts';
