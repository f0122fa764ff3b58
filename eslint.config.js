// ESLint flat config: the team's habits as rules. Type-aware (typescript-eslint with the
// project's tsconfig), so promises nobody awaits are caught; src/analysis stays pure.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Modules that do I/O: none of them may be imported by the analysis engine. */
const IO_MODULES = [
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'child_process',
  'dgram',
  'dns',
  'tls',
  'worker_threads',
  'cluster',
].flatMap((name) => [name, `node:${name}`]);
const IO_PACKAGES = ['pg', 'better-sqlite3', 'kysely', 'ioredis', 'bullmq', 'viem', 'undici', 'fastify', '@nomicfoundation/edr'];

/**
 * The dashboard (src/web) and its pure view models (src/scan-view) reach the server side
 * only through src/shared/, the one folder holding what both sides need (issue 31,
 * docs/architecture.md "src/shared"). A relative import that climbs out of its own folder
 * to anything but src/shared/ (or, from src/web, src/scan-view/) is an error. One block
 * per folder depth: `../` counted from the file says where an import lands.
 */
const CLIENT_MESSAGE =
  'src/web and src/scan-view import from the server side only through src/shared/ (docs/architecture.md, "src/shared"): add what both sides need there.';
function clientImports(files, depth, allowed) {
  const up = '\\.\\./'.repeat(depth + 1);
  return {
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^${up}(?!(${allowed.join('|')})/)`, message: CLIENT_MESSAGE }] }],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.wt/**',
      'data/**',
      '**/*.generated.json',
      'coverage/**',
      'dist/**',
      'compiled/**',
      'compiled.tmp-*/**',
      'compiled.old-*/**',
      'test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'bin/*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      // node:test's describe/it return promises the runner tracks itself.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
          caughtErrors: 'none',
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      // A variable a closure reads before its one assignment (e.g. a URL known after listen) stays let.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Type-checked code: undefined globals are TypeScript's job.
      'no-undef': 'off',
    },
  },
  {
    files: ['src/analysis/**/*.ts'],
    ignores: [
      'src/analysis/**/*.test.ts',
      'src/analysis/**/__fixtures__/**',
      'src/analysis/**/detector-test-helper.ts',
      'src/analysis/**/fixture-annotations.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...IO_MODULES, ...IO_PACKAGES].map((name) => ({
            name,
            message: 'src/analysis is pure: no file, network, process or database access (docs/analysis.md).',
          })),
          patterns: [
            {
              group: ['pg/*', 'kysely/*', 'viem/*', '**/store/**', '**/chain/**', '**/infra/**'],
              message: 'src/analysis is pure: no I/O modules.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'src/analysis is pure: no network access.' }],
    },
  },
  clientImports(['src/web/*.{ts,tsx}'], 0, ['web', 'shared', 'scan-view']),
  clientImports(['src/web/*/*.{ts,tsx}'], 1, ['web', 'shared', 'scan-view']),
  clientImports(['src/web/*/*/*.{ts,tsx}'], 2, ['web', 'shared', 'scan-view']),
  clientImports(['src/web/*/*/*/*.{ts,tsx}'], 3, ['web', 'shared', 'scan-view']),
  clientImports(['src/scan-view/*.ts'], 0, ['scan-view', 'shared']),
  {
    // src/shared holds what both sides need: it reads the wire contract (src/interface), the offers catalogue and nothing server-only.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!interface/|offers/catalogue\\.ts$)',
              message:
                'src/shared imports only the wire contract (src/interface) and the offers catalogue: nothing server-only (docs/architecture.md, "src/shared").',
            },
          ],
        },
      ],
    },
  },
  {
    // Kysely's documented pattern: migrations and stores over several schemas take Kysely<any>.
    files: ['src/store/migrations/**/*.ts', 'src/corpus/kysely-corpus-store.ts', 'src/signatures/kysely-signature-store.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
