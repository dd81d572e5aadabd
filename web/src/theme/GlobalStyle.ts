import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.font.family};
    font-size: 14px;
    line-height: 1.5;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    -webkit-font-smoothing: antialiased;
  }
  a { color: ${({ theme }) => theme.colors.accent}; }
  :focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  h1, h2, h3 { margin: 0; line-height: 1.25; }
  button, input, select, textarea { font: inherit; }
  .tabular { font-variant-numeric: tabular-nums; }
  .skip-link {
    position: absolute; left: 8px; top: -48px; z-index: 100; padding: 8px 12px; border-radius: 8px;
    background: ${({ theme }) => theme.colors.accent}; color: ${({ theme }) => theme.colors.accentText};
  }
  .skip-link:focus { top: 8px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }
`;
