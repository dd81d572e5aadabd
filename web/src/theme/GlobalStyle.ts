import { createGlobalStyle } from 'styled-components';
import { cssVar, themeDeclarations } from './cssVars.ts';

/** The page's base styles and, on :root, the current theme's tokens as custom properties. */
export const GlobalStyle = createGlobalStyle`
  :root {
    ${({ theme }) => themeDeclarations(theme)}
  }
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; }
  body {
    margin: 0;
    font-family: ${cssVar.font.family};
    font-size: 14px;
    line-height: 1.5;
    background: ${cssVar.colors.background};
    color: ${cssVar.colors.text};
    -webkit-font-smoothing: antialiased;
  }
  a { color: ${cssVar.colors.accent}; }
  :focus-visible { outline: 2px solid ${cssVar.colors.focus}; outline-offset: 2px; }
  h1, h2, h3 { margin: 0; line-height: 1.25; }
  button, input, select, textarea { font: inherit; }
  .tabular { font-variant-numeric: tabular-nums; }
  .skip-link {
    position: absolute; left: 8px; top: -48px; z-index: 100; padding: 8px 12px; border-radius: 8px;
    background: ${cssVar.colors.accent}; color: ${cssVar.colors.accentText};
  }
  .skip-link:focus { top: 8px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }
`;
