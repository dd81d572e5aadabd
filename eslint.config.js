// One lint setup for every workspace.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
