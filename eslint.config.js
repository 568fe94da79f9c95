// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // One program for every file but the tests (tsconfig.lint.json: the root tsconfig.json without them): a
        // program per package, as the project service made, took the lint four times as long.
        project: './tsconfig.lint.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      eqeqeq: 'error',
    },
  },
  {
    // The web client runs in the browser (its tests and Vite config run in Node), and so do the board kit and the
    // games' boards (their `ui/` folders).
    files: [
      'packages/web/src/**/*.{ts,tsx}',
      'packages/board-kit/src/**/*.{ts,tsx}',
      'packages/games/*/ui/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    // React's rules of hooks: called in the same order at every render, effects naming what they read.
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The tests are linted without type information (every rule that needs none still applies): building their
    // types a second time, beside `npm run typecheck`, made most of the lint's time. The type-check covers them.
    files: ['packages/**/test/**'],
    ...tseslint.configs.disableTypeChecked,
  },
);
