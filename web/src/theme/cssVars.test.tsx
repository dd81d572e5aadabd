import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { cssVar, themeDeclarations } from './cssVars.ts';
import { ThemeModeProvider } from './index.ts';
import { themes } from './themes.ts';

afterEach(() => localStorage.clear());

describe('theme custom properties', () => {
  it('names a declared property for every token, with each theme’s own value', () => {
    const names = [...themeDeclarations(themes.light).matchAll(/(--ks-[\w-]+):/g)].map((m) => m[1]);
    expect(names).toContain('--ks-colors-text');
    expect(names).toContain('--ks-badges-red-bg');
    expect(names).toContain('--ks-radius-card');
    expect(cssVar.colors.text).toBe('var(--ks-colors-text)');
    expect(cssVar.badges.red!.fg).toBe('var(--ks-badges-red-fg)');
    expect(cssVar.radius.control).toBe('var(--ks-radius-control)');
    expect(cssVar.font.family).toBe('var(--ks-font-family)');
    for (const theme of Object.values(themes)) {
      const declarations = themeDeclarations(theme);
      expect(declarations).toContain(`--ks-colors-background: ${theme.colors.background};`);
      expect(declarations).toContain(`--ks-colors-onLoss: ${theme.colors.onLoss};`);
      expect(declarations).toContain(`--ks-badges-green-fg: ${theme.badges.green!.fg};`);
      expect(declarations).toContain(`--ks-sidebarWidth: ${theme.sidebarWidth};`);
    }
  });

  it('declares the stored theme on :root: light, or the dark style chosen', () => {
    for (const [mode, darkStyle, theme] of [
      ['light', 'stone', themes.light],
      ['dark', 'stone', themes.stone],
      ['dark', 'night', themes.night],
    ] as const) {
      localStorage.setItem('kicksight-theme', mode);
      localStorage.setItem('kicksight-dark-style', darkStyle);
      const rootRules = rootRulesOf(<ThemeModeProvider>page</ThemeModeProvider>);
      expect(rootRules).toContain(`--ks-colors-background:${theme.colors.background};`);
      expect(rootRules).toContain(`--ks-colors-surface:${theme.colors.surface};`);
      for (const other of Object.values(themes).filter((t) => t.colors.background !== theme.colors.background)) {
        expect(rootRules).not.toContain(`--ks-colors-background:${other.colors.background};`);
      }
    }
  });
});

/** The :root rules the global style writes for a tree, as served (whitespace removed). */
function rootRulesOf(tree: ReactElement): string {
  const sheet = new ServerStyleSheet();
  try {
    renderToString(sheet.collectStyles(tree));
    return [...sheet.getStyleTags().matchAll(/:root\{[^}]*\}/g)].map((m) => m[0].replace(/\s+/g, '')).join('');
  } finally {
    sheet.seal();
  }
}
