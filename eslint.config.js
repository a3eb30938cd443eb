import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/server/db/migrations', 'public', 'reports', '*.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/server', '#server/*', '!react-dom/server'],
              message: 'The web app must not import server code.',
            },
            {
              group: ['node:*', 'pg', 'drizzle-orm*', 'better-auth/adapters/*', 'pino'],
              message: 'Server-only package.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/web/**/*.{ts,tsx}'], plugins: { 'jsx-a11y': jsxA11y } },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/auth-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='authClient'][property.name='useSession']",
          message:
            "Use useSession from lib/auth-client.ts: it agrees with the server's render of a signed-in page.",
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**'], message: 'shared imports nothing from server or web.' },
            { group: ['node:*'], message: 'shared must run in the browser too.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'The server must not import web code.' }] },
      ],
    },
  },
  { files: ['scripts/**', 'tests/**', '*.config.*'], languageOptions: { globals: globals.node } },
  { files: ['**/*.cjs'], languageOptions: { globals: globals.node, sourceType: 'commonjs' } },
);
