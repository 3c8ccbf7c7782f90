// ESLint flat config. The boundary rules encode STYLE.md "Boundaries":
// shared imports nothing of the app; server imports shared; a server service imports no
// server feature; web imports shared and only `import type` from the server; a web feature
// never imports another.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webFeatures = (() => {
  try {
    return readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

const serverNeverImportsWeb = {
  regex: '^(#web/|(\\.\\./)+web/)',
  message: 'The server never imports the web app.',
};

// sonner is 9 KB gzip: pages toast through lib/toast.ts, which loads it on the first toast
// (or when a signed-in page is idle), so it stays out of / and /home (DESIGN.md "Budgets").
const webToastsThroughLib = {
  regex: '^sonner$',
  message: 'Toast through #web/lib/toast.ts: sonner loads on demand, outside the page budgets.',
  allowTypeImports: true,
};
const webNeverImportsServer = {
  regex: '^(#server/|(\\.\\./)+server/)',
  message: 'The web app imports only `import type { AppType }` from the server.',
  allowTypeImports: true,
};

const restrict = (patterns, extra = {}) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns, ...extra }],
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true },
      ],
      'import-x/no-duplicates': 'error',
      'import-x/no-default-export': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Tools that need a default export.
    files: ['*.config.ts', '*.config.js', 'eslint.config.js'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/shared/**'],
    rules: restrict([
      {
        regex: '^(#(server|web|tests)/|(\\.\\./)+(server|web)/)',
        message: 'src/shared is isomorphic and imports nothing of the app.',
      },
      {
        regex: '^(node:|pino$|pg$|drizzle-orm|react$|react-dom)',
        message: 'src/shared must stay pure and isomorphic.',
      },
    ]),
  },
  {
    files: ['src/server/**'],
    rules: restrict([serverNeverImportsWeb]),
  },
  {
    // A service knows no feature: features declare what they need (their scheduled jobs, ADR
    // 015) and the server composes them. A service's tests may still drive the app through one.
    files: ['src/server/services/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      serverNeverImportsWeb,
      {
        regex: '^(#server/features/|(\\.\\./)+features/)',
        message: 'A service never imports a feature; the server composes them (ADR 015).',
      },
    ]),
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([webNeverImportsServer, webToastsThroughLib]),
    },
  },
  {
    // The two places that may name sonner: the wrapper and the Toaster it mounts.
    files: ['src/web/lib/toast.ts', 'src/web/app/toaster.tsx'],
    rules: restrict([webNeverImportsServer]),
  },
  ...webFeatures.map((feature) => ({
    files: [`src/web/features/${feature}/**`],
    rules: restrict([
      webNeverImportsServer,
      webToastsThroughLib,
      {
        regex: `^(#web/features/|(\\.\\./)+features/)(?!${feature}/)`,
        message: 'A web feature never imports another feature; compose them in src/web/app.',
      },
    ]),
  })),
  {
    // Import cycles make module init order fragile; the node resolver understands the
    // package.json `imports` aliases.
    files: ['src/**/*.{ts,tsx}'],
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
