// One lint setup for every workspace.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The workspaces, as folders from the root. */
const services = dirs('./services').map((name) => `services/${name}`);
const workspaces = [...dirs('./packages').map((name) => `packages/${name}`), ...services, 'bff', 'web'];
/** Tests and tool configuration: they may use the root's dev tools. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'packages/testkit/**', '**/*.config.ts'];

/** What product code (a workspace's shipped sources) may never import, resolved by path: tests, scripts, the test kit. */
const testCode = ['./e2e', './reliability', './scripts', './packages/testkit', './bff/test', './web/src/test', ...services.map((s) => `./${s}/test`)];

/**
 * Which folders each part of the product may not import from, whatever the import says (a relative path
 * or a package name): services never import each other, the BFF or the web app; the BFF imports no
 * service and no web code; the shared packages import no workload.
 */
const forbidden = {
  ...Object.fromEntries(services.map((s) => [s, [...services.filter((other) => other !== s), 'bff', 'web']])),
  bff: [...services, 'web'],
  web: [...services, 'bff'],
  'packages/contracts': [...services, 'bff', 'web', 'packages/platform'],
  'packages/platform': [...services, 'bff', 'web'],
  'packages/stockx': [...services, 'bff', 'web'],
};

const workspaceZones = Object.entries(forbidden).flatMap(([target, froms]) =>
  froms.map((from) => ({ target: `./${target}`, from: `./${from}`, message: `${target} may not import ${from}: services talk over HTTP and events, shared code lives in packages/.` })),
);

/** The web app's feature folders (web/src/features/*): a feature reaches another only through its public index (index.ts or index.tsx). */
const webFeatures = dirs('./web/src/features');
const webFeatureZones = webFeatures.map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`, ...webFeatures.filter((other) => other !== feature).flatMap((other) => [`./${other}/index.ts`, `./${other}/index.tsx`])],
  message: 'Import another feature through its index; share code through ui/, lib/ or api/ instead.',
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.stack/**', 'web/dist/**', 'coverage/**', 'helm/**', 'k8s/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // React's rules of hooks and the compiler's checks, every recommended rule an error.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: Object.fromEntries(Object.keys(reactHooks.configs.flat['recommended-latest'].rules).map((rule) => [rule, 'error'])),
  },
  {
    // The web takes values from the contracts through a subpath, so a page's chunk holds only the contract modules it uses.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kicksight/contracts',
              allowTypeImports: true,
              message: 'Import values through a subpath export (@kicksight/contracts/auth, /plans, /market, /email-templates); the root pulls every schema and zod into the chunk.',
            },
          ],
        },
      ],
    },
  },
  {
    // Workspace boundaries, checked by path after resolution (eslint-plugin-import-x).
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      // Another workspace is reached through its package name, never a relative path into its files.
      'import-x/no-relative-packages': 'error',
      'import-x/no-restricted-paths': ['error', { zones: workspaceZones }],
    },
  },
  {
    // The auth journeys start auth in-process beside the BFF: they move auth's clock (to expire links and
    // sessions) and read its database, which a process started from its entry point does not allow. Every
    // other test starts another workload as a process through the test kit; no new exception may appear.
    files: ['bff/test/integration/auth-stack.ts'],
    rules: { 'import-x/no-relative-packages': 'off', 'import-x/no-restricted-paths': 'off' },
  },
  {
    // The benchmarks build a service's own parts in-process to measure them.
    files: ['scripts/bench/**/*.ts'],
    rules: { 'import-x/no-relative-packages': 'off' },
  },
  {
    // Shipped code never imports tests, scripts or the test kit, and a web feature reaches another only through its index.
    files: workspaces.flatMap((w) => [`${w}/src/**/*.{ts,tsx}`, `${w}/server/**/*.ts`]),
    ignores: TEST_FILES,
    plugins: { 'import-x': importX },
    rules: {
      // A file gets one setting of a rule (a later block's replaces an earlier one's), so shipped code's holds every zone.
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...workspaceZones, ...webFeatureZones, { target: './', from: testCode, message: 'Shipped code may not import tests, scripts or the test kit.' }] },
      ],
    },
  },
  // Every import is a dependency its own workspace declares: shipped code its dependencies, tests also the root's dev tools.
  ...workspaces.flatMap((w) => [
    {
      files: [`${w}/**/*.{ts,tsx}`],
      ignores: TEST_FILES,
      plugins: { 'import-x': importX },
      rules: { 'import-x/no-extraneous-dependencies': ['error', { packageDir: [w], devDependencies: false, includeTypes: true }] },
    },
    {
      files: TEST_FILES.map((pattern) => `${w}/${pattern}`),
      plugins: { 'import-x': importX },
      rules: { 'import-x/no-extraneous-dependencies': ['error', { packageDir: [w, '.'], devDependencies: true, includeTypes: true }] },
    },
  ]),
  {
    files: ['e2e/**/*.ts', 'reliability/**/*.ts', 'scripts/**/*.ts', 'deploy/**/*.ts', '*.{ts,js}'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-extraneous-dependencies': ['error', { packageDir: ['.'], devDependencies: true, includeTypes: true }] },
  },
  {
    // Only config modules read the environment.
    files: ['services/*/src/**/*.ts', 'bff/src/**/*.ts', 'packages/platform/src/**/*.ts'],
    ignores: ['**/config.ts', '**/*.test.ts', 'services/*/src/cli/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment in config.ts only.' }],
    },
  },
  {
    files: ['scripts/**/*.ts', 'e2e/**/*.ts', 'reliability/**/*.ts', '**/test/**/*.ts', 'packages/testkit/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
