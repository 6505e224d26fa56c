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
  // Boundaries: the site (its tests too) uses the widgets' components, their styles,
  // widgets/shared.ts and widgets/shared-styles/, not their internals: no import of any file
  // (CSS included) under widgets/internal/ or widgets/runtime/, and no vi.mock of one. The widgets
  // (embedded on any page) never depend on the site.
  {
    files: ['site/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/widgets/(?:internal|runtime)/',
              message:
                'The site imports what it needs of the widgets from widgets/shared.ts (or widgets/motion.ts), and their shared CSS from widgets/shared-styles/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(?:mock|doMock|importActual)$/] > Literal[value=/\\/widgets\\/(?:internal|runtime)\\//]",
          message:
            'Site tests mock the widgets through their public modules (widgets/shared.ts), not widgets/internal/ or widgets/runtime/.',
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
