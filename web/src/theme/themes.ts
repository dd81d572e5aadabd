/** Colours by meaning; components never hard-code a colour. */
export interface Palette {
  background: string;
  surface: string;
  surfaceRaised: string;
  border: string;
  text: string;
  textMuted: string;
  accent: string;
  accentText: string;
  gain: string;
  loss: string;
  neutral: string;
  warning: string;
  focus: string;
  overlay: string;
  skeleton: string;
  /** Text on a loss-coloured fill (danger buttons, unread counts). */
  onLoss: string;
  /** Behind a product photo, which is shot on white. */
  imageBackdrop: string;
  /** The veil over locked content. */
  lockedVeil: string;
}

export type ThemeName = 'light' | 'stone' | 'night';
export type DarkStyle = 'stone' | 'night';

export interface AppTheme {
  name: ThemeName;
  dark: boolean;
  colors: Palette;
  /** Badge colours by name (market status and tier badges), each with a readable text colour. */
  badges: Record<string, { bg: string; fg: string }>;
  space: (n: number) => string;
  radius: { card: string; control: string; full: string };
  font: { family: string; sizes: readonly [12, 14, 16, 20, 24, 32, 40] };
  breakpoints: { sm: string; md: string; lg: string; xl: string };
  sidebarWidth: string;
}

/** Spacing on a 4px grid: space(3) is 12px. */
export const space = (n: number) => `${n * 4}px`;

/** Viewport widths; constant across themes, so media queries read them directly. */
export const breakpoints = { sm: '640px', md: '768px', lg: '1024px', xl: '1280px' } as const;

const base = {
  space,
  radius: { card: '12px', control: '8px', full: '999px' },
  font: { family: "'Inter', 'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", sizes: [12, 14, 16, 20, 24, 32, 40] as const },
  breakpoints,
  sidebarWidth: '290px',
};

const lightBadges = {
  red: { bg: '#fde2e1', fg: '#8f1d18' },
  orange: { bg: '#feead6', fg: '#8a3b00' },
  yellow: { bg: '#fdf3c4', fg: '#6b5200' },
  blue: { bg: '#dde9fd', fg: '#1d4289' },
  green: { bg: '#d9f3e3', fg: '#14603a' },
  purple: { bg: '#ece2fd', fg: '#5a2b98' },
  gray: { bg: '#e9eaee', fg: '#3b3f48' },
};

const darkBadges = {
  red: { bg: '#4a1d1b', fg: '#ffb4ae' },
  orange: { bg: '#4a2a12', fg: '#ffc48f' },
  yellow: { bg: '#453a12', fg: '#f7dc7a' },
  blue: { bg: '#1b2c4d', fg: '#a9c6ff' },
  green: { bg: '#173a28', fg: '#90e0b1' },
  purple: { bg: '#33224f', fg: '#d2bcff' },
  gray: { bg: '#33363d', fg: '#d4d6dc' },
};

export const light: AppTheme = {
  ...base,
  name: 'light',
  dark: false,
  colors: {
    background: '#f6f7f9',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    border: '#dfe2e8',
    text: '#15181e',
    textMuted: '#565d6b',
    accent: '#3a4bd8',
    accentText: '#ffffff',
    gain: '#0f7a43',
    loss: '#c0271d',
    neutral: '#5b6170',
    warning: '#8a5a00',
    focus: '#3a4bd8',
    overlay: 'rgba(15, 18, 25, 0.55)',
    skeleton: '#e8eaef',
    onLoss: '#ffffff',
    imageBackdrop: '#ffffff',
    lockedVeil: 'rgba(255,255,255,0.55)',
  },
  badges: lightBadges,
};

const stone: AppTheme = {
  ...base,
  name: 'stone',
  dark: true,
  colors: {
    background: '#1c1a18',
    surface: '#262320',
    surfaceRaised: '#302c28',
    border: '#45403a',
    text: '#f3efe9',
    textMuted: '#bab2a7',
    accent: '#8f9cff',
    accentText: '#15163a',
    gain: '#5fd394',
    loss: '#ff8a80',
    neutral: '#bab2a7',
    warning: '#f2c14e',
    focus: '#a8b3ff',
    overlay: 'rgba(0, 0, 0, 0.65)',
    skeleton: '#38332e',
    onLoss: '#1c1a18',
    imageBackdrop: '#302c28',
    lockedVeil: 'rgba(0,0,0,0.45)',
  },
  badges: darkBadges,
};

const night: AppTheme = {
  ...base,
  name: 'night',
  dark: true,
  colors: {
    background: '#0b1020',
    surface: '#121a2e',
    surfaceRaised: '#18223a',
    border: '#28344f',
    text: '#eef2fb',
    textMuted: '#aab4cc',
    accent: '#7f95ff',
    accentText: '#0b1020',
    gain: '#5fd394',
    loss: '#ff8a80',
    neutral: '#aab4cc',
    warning: '#f2c14e',
    focus: '#9fb0ff',
    overlay: 'rgba(0, 0, 0, 0.65)',
    skeleton: '#1f2a44',
    onLoss: '#0b1020',
    imageBackdrop: '#18223a',
    lockedVeil: 'rgba(0,0,0,0.45)',
  },
  badges: darkBadges,
};

export const themes: Record<ThemeName, AppTheme> = { light, stone, night };
