import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  { ignores: ['build/', 'data/', 'node_modules/', '.react-router/', 'test-results/', 'playwright-report/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-console': 'off',
    },
  },
  {
    // The back office takes its visible text from the admin message catalog (app/i18n/locales/en/admin*.po, through app/i18n/t-admin.ts):
    // no English words as JSX text or as a label-like attribute. The chat and page-builder screens
    // are not covered yet.
    files: ['app/routes/admin*.tsx', 'app/features/{admin,catalog-admin,coupons,customers,media,shipping,stock,tax}/components/**/*.tsx'],
    ignores: ['app/routes/admin.chat*.tsx', 'app/routes/admin.pages*.tsx', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/[A-Za-z]{2,}/]', message: 'Admin text comes from the message catalog (t() from app/i18n/t-admin.ts).' },
        {
          selector: 'JSXAttribute[name.name=/^(label|aria-label|placeholder|title|alt|hint|caption)$/] > Literal[value=/[A-Za-z]{2,}/]',
          message: 'Admin labels come from the message catalog (t() from app/i18n/t-admin.ts).',
        },
      ],
    },
  },
  {
    // The layers, from the ground up (docs/ARCHITECTURE.md, "Layers"). Each may import its own
    // layer and those below it, never one above. Tests sit outside the layers.
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'db/**/*.ts', 'cli/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'tests/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'seed', pattern: 'db/seed', partialMatch: false, exclusive: true },
        { type: 'ground', pattern: ['db', 'app/lib', 'app/config', 'app/i18n'], partialMatch: false, exclusive: true },
        { type: 'ui', pattern: 'app/ui', partialMatch: false, exclusive: true },
        { type: 'settings', pattern: 'app/features/settings', partialMatch: false, exclusive: true },
        { type: 'feature', pattern: 'app/features/*', partialMatch: false, capture: ['feature'], exclusive: true },
        { type: 'shell', pattern: 'app/shell', partialMatch: false, exclusive: true },
        { type: 'routes', pattern: 'app/routes', partialMatch: false, exclusive: true },
        // The app's own entry files (root.tsx, routes.ts, entry.*): what is left of app/ after the folders above.
        { type: 'routes', pattern: 'app', partialMatch: false, exclusive: true },
        { type: 'server', pattern: 'server', partialMatch: false, exclusive: true },
        { type: 'tools', pattern: ['cli', 'bin', 'bench', 'scripts'], partialMatch: false, exclusive: true },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'ground' } }, allow: { to: { element: { types: { anyOf: ['ground'] } } } } },
            { from: { element: { type: 'ui' } }, allow: { to: { element: { types: { anyOf: ['ground', 'ui'] } } } } },
            { from: { element: { type: 'settings' } }, allow: { to: { element: { types: { anyOf: ['ground', 'settings'] } } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: { anyOf: ['ground', 'ui', 'settings', 'feature'] } } } } },
            { from: { element: { type: 'shell' } }, allow: { to: { element: { types: { anyOf: ['ground', 'ui', 'settings', 'feature', 'shell'] } } } } },
            { from: { element: { type: 'routes' } }, allow: { to: { element: { types: { anyOf: ['ground', 'ui', 'settings', 'feature', 'shell', 'routes'] } } } } },
            { from: { element: { type: 'seed' } }, allow: { to: { element: { types: { anyOf: ['ground', 'settings', 'feature', 'seed'] } } } } },
            { from: { element: { type: 'server' } }, allow: { to: { element: { types: { anyOf: ['ground', 'ui', 'settings', 'feature', 'shell', 'routes', 'seed', 'server'] } } } } },
            { from: { element: { type: 'tools' } }, allow: { to: { element: { types: { anyOf: ['ground', 'ui', 'settings', 'feature', 'shell', 'routes', 'seed', 'server', 'tools'] } } } } },
          ],
        },
      ],
    },
  },
);
