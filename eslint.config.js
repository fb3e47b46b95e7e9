import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    // The back office takes its visible text from the admin message catalog (app/i18n/en-admin*.ts):
    // no English words as JSX text or as a label-like attribute. The chat and page-builder screens
    // are not covered yet.
    files: ['app/routes/admin*.tsx', 'app/features/{admin,catalog-admin,coupons,customers,shipping,stock,tax}/components/**/*.tsx'],
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
);
