// Lint gate (run by .ci/run before the tests). Type-aware rules on the packages' sources, which
// tsconfig projects cover; syntax-only rules on tests and scripts, which no tsconfig compiles.
import js from '@eslint/js';
import globals from 'globals';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/dist/**',
    '**/node_modules/**',
    'coverage/**',
    // Projects that cn reads in tests and the demo: their code is input, not cn's code.
    'test/fixtures/**',
    'examples/**',
    // Recorded agent-eval runs and the bundled CLI.
    'scripts/agent-eval/runs/**',
    'packages/cli/bin/**',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['packages/*/src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Off: an `async` function without `await` is how a port's implementation (a fake, a cache hit, a
      // lazy adapter) keeps its promise signature and turns a throw into a rejection, which callers rely on.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/test/**/*.ts', 'test/**/*.ts'],
    rules: {
      // Off in tests: they parse JSON answers from the CLI, the daemon and MCP and assert on their shape;
      // typing each parsed answer would write the contract a fourth time.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // Prettier wraps code at 120 columns but never a comment: this holds comments to the same width.
      // Strings, templates and regexes may run on (a message or a pattern is easier to find whole).
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
      // One import statement per module (typescript-engine.ts imported @cn/core three times).
      'no-duplicate-imports': ['error', { includeExports: false }],
      // `_name` marks a parameter or destructured field that is deliberately unused (tsc's noUnused* agree).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
);
