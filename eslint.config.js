import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'node_modules/**', '.tmp/**', '.tmp-*', 'custom-elements.json'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['widgets/**/*.{ts,tsx}', 'site/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // Boundaries: the site uses the widgets' components, their styles and widgets/shared.ts, not
  // their internals; the widgets (embedded on any page) never depend on the site.
  {
    files: ['site/**/*.{ts,tsx}'],
    ignores: ['site/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/widgets/(?:internal|runtime)/.*\\.tsx?$',
              message:
                'The site imports what it needs of the widgets from widgets/shared.ts (or widgets/motion.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['widgets/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(?:^|/)site/',
              message: 'The widgets are embedded on any page: they do not depend on the site.',
            },
          ],
        },
      ],
    },
  },
);
