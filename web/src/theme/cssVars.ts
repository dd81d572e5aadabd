import { light, type AppTheme } from './themes.ts';

export { breakpoints, space } from './themes.ts';

/**
 * The theme's tokens that differ between themes or are used in styles, as CSS custom properties.
 * The global style declares them on :root for the current theme; components write `cssVar.colors.text`
 * in static template CSS, so their rules never change with the theme and are generated once.
 */
interface TokenTree {
  [name: string]: string | TokenTree;
}

type VarTree<T> = { readonly [K in keyof T]: T[K] extends string ? string : VarTree<T[K]> };

const tokensOf = (theme: AppTheme) => ({
  colors: theme.colors,
  badges: theme.badges,
  radius: theme.radius,
  font: { family: theme.font.family },
  sidebarWidth: theme.sidebarWidth,
});

type Tokens = ReturnType<typeof tokensOf>;

const propertyName = (path: readonly string[]) => `--ks-${path.join('-')}`;

function mapTree(tree: TokenTree, path: readonly string[], leaf: (path: readonly string[], value: string) => string): TokenTree {
  return Object.fromEntries(
    Object.entries(tree).map(([name, value]) => [name, typeof value === 'string' ? leaf([...path, name], value) : mapTree(value, [...path, name], leaf)]),
  );
}

function leaves(tree: TokenTree, path: readonly string[] = []): [readonly string[], string][] {
  return Object.entries(tree).flatMap(([name, value]) => (typeof value === 'string' ? [[[...path, name], value] as [readonly string[], string]] : leaves(value, [...path, name])));
}

/** `var(--ks-…)` for every token, typed by the theme: cssVar.colors.text, cssVar.badges.red.bg, cssVar.radius.card. */
export const cssVar = mapTree(tokensOf(light) as unknown as TokenTree, [], (path) => `var(${propertyName(path)})`) as unknown as VarTree<Tokens>;

/** The declarations of every custom property for one theme (`--ks-colors-text: #15181e;` …). */
export function themeDeclarations(theme: AppTheme): string {
  return leaves(tokensOf(theme) as unknown as TokenTree)
    .map(([path, value]) => `${propertyName(path)}: ${value};`)
    .join('\n');
}

/** The custom property of a badge tone, the gray one for a tone the theme does not name. */
export const badgeVar = (tone: string) => cssVar.badges[tone] ?? cssVar.badges.gray!;
