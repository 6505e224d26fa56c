import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readFileSync } from 'node:fs';

/**
 * The package.json "imports" aliases (`#name`) that resolve, under any condition, into
 * widgets/internal/ or widgets/runtime/: another route there, which the site must not take.
 */
const INTERNAL = /^\.\/widgets\/(?:internal|runtime)\//;
const targetsOf = (target) =>
  typeof target === 'string' ? [target] : Object.values(target ?? {}).flatMap(targetsOf);
const internalAliases = Object.entries(
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).imports ?? {},
)
  .filter(([, target]) => targetsOf(target).some((file) => INTERNAL.test(file)))
  .map(([name]) => name);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The widgets may not import the site. */
const NOT_THE_SITE = {
  regex: '(?:^|/)site/',
  message: 'The widgets are embedded on any page: they do not depend on the site.',
};

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'node_modules/**', '.tmp/**', '.tmp-*', 'custom-elements.json'],
  },
  js.configs.recommended,
  // Type-aware: each TypeScript file is checked with the types of tsconfig.json (the project
  // service finds it), so a promise nobody awaits or handles is an error.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Off: Fastify plugins and hooks are async functions by its convention even when they await
      // nothing, and test callbacks are async for the same shape; the rule would only flag those.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: {
      // Off in tests only: they read response bodies (JSON, typed any) field by field and
      // assert on them with expect, which is the check; hundreds of findings, none a bug.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', 'bench/**/*.ts'],
    rules: {
      // Off here: tests and benchmarks read raw SQL results (db.execute answers differently on
      // the two drivers) and DOM queries with `as`, where the rule asks for type arguments
      // instead; the assertion is the check of what they read.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['tests/browser/**/*.ts', 'tests/api/**/*.ts'],
    ignores: ['tests/fetch.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message:
            'Call the servers under test with fetchFresh (tests/fetch.ts): a reused idle connection can be reset under load.',
        },
      ],
    },
  },
  // The few plain JavaScript files (this config, the bootstrap, a worker) have no types to check.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
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
            {
              regex: `^(?:${internalAliases.map(escape).join('|')})$`,
              message:
                'This package.json alias resolves into widgets/internal/ or widgets/runtime/: import the public module beside them (widgets/text-input.ts for #text-input-events).',
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
          patterns: [NOT_THE_SITE],
        },
      ],
    },
  },
  // The runtime serves every widget: it imports no widget's own folder (a widget hands the
  // runtime what is its own, as the hub map hands useServer its geometry's URL).
  {
    files: ['widgets/runtime/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_THE_SITE,
            {
              regex: '^\\.\\./(?!internal/|runtime/)[\\w-]+/',
              message:
                "widgets/runtime/ serves every widget and imports none of their folders: pass what is the widget's own as an argument.",
            },
          ],
        },
      ],
    },
  },
);
