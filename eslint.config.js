// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A feature never imports another feature: one zone per feature folder. */
const features = (() => {
  try {
    return readdirSync('src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

/** The back office's features (src/backoffice/features/<name>): the same rule, one zone per folder. */
const backofficeFeatures = (() => {
  try {
    return readdirSync('src/backoffice/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

/**
 * One server module shape: `src/server/modules/<name>/` is reached from outside only through its `index.ts`. One
 * zone per module folder (another module's internals are off limits), and one for the rest of the server.
 */
const serverDirs = (() => {
  try {
    return readdirSync('src/server', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'modules')
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();
const serverModules = (() => {
  try {
    return readdirSync('src/server/modules', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();
const moduleEntries = serverModules.map((name) => `./${name}/index.ts`);
const serverModuleZones = [
  ...serverModules.map((name) => ({
    target: `./src/server/modules/${name}`,
    from: './src/server/modules',
    except: [`./${name}`, ...moduleEntries.filter((entry) => entry !== `./${name}/index.ts`)],
    message: 'A server module imports another module only through its index.ts (modules/<name>/index.ts).',
  })),
  {
    target: ['./src/server/*.ts', ...serverDirs.map((name) => `./src/server/${name}`)],
    from: './src/server/modules',
    except: ['./index.ts', ...moduleEntries],
    message: 'Server code outside modules/ imports a module only through its index.ts (modules/<name>/index.ts).',
  },
];

const boundaryZones = [
  // shared ← lib ← features ← app (client); shared ← server; shared ← sw; shared, lib ← backoffice
  {
    target: './src/shared',
    from: ['./src/lib', './src/features', './src/app', './src/backoffice', './src/server', './sw'],
    message: 'src/shared is isomorphic: it imports nothing of the client, server or service worker.',
  },
  {
    target: './src/lib',
    from: ['./src/features', './src/app', './src/backoffice', './src/server', './sw'],
    message: 'src/lib may import only src/shared.',
  },
  {
    target: './src/features',
    from: ['./src/app', './src/backoffice', './src/server', './sw'],
    message: 'A feature imports only src/lib and src/shared.',
  },
  {
    target: ['./src/app', './src/main.tsx', './src/prerender.tsx'],
    from: ['./src/backoffice', './src/server', './sw'],
    message: 'The app never imports server, service-worker or back-office code.',
  },
  {
    // The staff web app (docs/backoffice.md §6): its own build; it shares only src/shared and src/lib with the
    // customer's app (design primitives, formatting), never a customer feature or the customer's shell.
    target: './src/backoffice',
    from: ['./src/features', './src/app', './src/main.tsx', './src/prerender.tsx', './src/server', './sw'],
    message:
      "The back office imports only src/lib and src/shared of the client tree, never the customer's features or app.",
  },
  {
    target: './src/server',
    from: ['./src/lib', './src/features', './src/app', './src/backoffice', './src/main.tsx', './sw'],
    message: 'The server imports only src/shared of the client tree.',
  },
  {
    target: './sw',
    from: ['./src/lib', './src/features', './src/app', './src/backoffice', './src/server', './src/main.tsx'],
    message: 'The service worker imports only src/shared.',
  },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message:
      'A feature never imports another feature: compose them in src/app or move the piece down to lib/ or shared/.',
  })),
  ...backofficeFeatures.map((name) => ({
    target: `./src/backoffice/features/${name}`,
    from: './src/backoffice/features',
    except: [`./${name}`],
    message: 'A back-office feature never imports another: compose them in src/backoffice/app or move the piece down.',
  })),
  ...serverModuleZones,
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.e2e',
      'build',
      '.data',
      '.test-data',
      'node_modules',
      'coverage',
      'playwright-report',
      'test-results',
      'tests/.artifacts',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads TypeScript modules (for no-cycle) only when told their extensions and parser.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // No import cycles (issue 10): a cycle makes load order matter and hides a missing layer.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/server/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    files: ['src/**/*.tsx', 'tests/unit/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.strict.rules },
  },
  {
    // Hooks kept in .ts files (use-*.ts) get the same rules of hooks as components.
    files: ['src/**/use-*.ts', 'src/**/*-hooks.ts', 'tests/unit/**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['scripts/**/*.mjs', 'src/server/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
