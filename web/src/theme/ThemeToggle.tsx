import { useThemeMode } from './ThemeModeProvider.tsx';
import { IconButton } from '../ui/IconButton.tsx';
import { MoonIcon, SunIcon } from '../ui/icons.tsx';

/** The light/dark switch of the top bar. */
export function ThemeToggle() {
  const { mode, toggle } = useThemeMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <IconButton type="button" onClick={toggle} aria-label={`Switch to ${next} mode`} title={`Switch to ${next} mode`}>
      {mode === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
