// One lint setup for every workspace.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/** The web app's feature folders (web/src/features/*). */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
    // A web feature reaches another feature only through its public index (features/<name>/index.ts or index.tsx).
    files: ['web/src/features/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `./web/src/features/${feature}`,
            from: './web/src/features',
            except: [`./${feature}`, ...webFeatures.filter((other) => other !== feature).flatMap((other) => [`./${other}/index.ts`, `./${other}/index.tsx`])],
            message: 'Import another feature through its index; share code through ui/, lib/ or api/ instead.',
          })),
        },
      ],
    },
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
    // Only config modules read the environment.
    files: ['services/*/src/**/*.ts', 'bff/src/**/*.ts', 'packages/platform/src/**/*.ts'],
    ignores: ['**/config.ts', '**/*.test.ts', 'services/*/src/cli/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment in config.ts only.' }],
    },
  },
  {
    files: ['scripts/**/*.ts', 'e2e/**/*.ts', '**/test/**/*.ts', 'packages/testkit/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
