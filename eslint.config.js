import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Web import boundaries (shared → features → app): a feature imports no other
 * feature and not the app; components/ and lib/ import neither features nor app.
 * Imports are relative, so each rule is written for the file's depth below its
 * area: from features/<f>/<k folders>/x.ts, `../` × (k+1) leaves the feature.
 */
const WEB_SRC = 'apps/web/src';
const up = (n) => `(\\.\\./){${n}}`;
function webBoundaries(area, message, { leaveArea }) {
  return [0, 1, 2, 3].map((k) => ({
    files: [`${WEB_SRC}/${area}/${'*/'.repeat(k)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(leaveArea ? [{ regex: `^${up(k + 1)}(?!\\.\\./)[^/]+`, message }] : []),
            { regex: `^${up(k + (leaveArea ? 2 : 1))}(features|app)(/|$)`, message },
          ],
        },
      ],
    },
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/dist-stats/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...webBoundaries(
    'features/*',
    'Features do not import each other or the app: move shared code to components/ or lib/, compose in app/.',
    {
      leaveArea: true,
    },
  ),
  ...webBoundaries('components', 'Shared components do not import features or the app.', { leaveArea: false }),
  ...webBoundaries('lib', 'lib/ does not import features or the app.', { leaveArea: false }),
  {
    files: ['scripts/**/*.mjs', '.ci/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['.dependency-cruiser*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
