// Shared flat config: typescript-eslint's type-checked rules for every package.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * @param {string} tsconfigRootDir the package folder (pass `import.meta.dirname`)
 */
export function puzzlekitConfig(tsconfigRootDir) {
  return tseslint.config(
    {
      ignores: [
        'dist/**',
        'coverage/**',
        '**/*.config.*',
        '.vitepress/cache/**',
        '.vitepress/dist/**',
        // README examples are written here while the README test runs (lint may run at the same time).
        '.readme-examples/**',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: {
        parserOptions: { projectService: true, tsconfigRootDir },
      },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        '@typescript-eslint/consistent-type-imports': 'error',
        'no-constant-condition': ['error', { checkLoops: false }],
        eqeqeq: ['error', 'smart'],
      },
    },
    {
      files: ['**/*.test.ts', 'bench/**'],
      rules: {
        '@typescript-eslint/no-non-null-assertion': 'off',
        '@typescript-eslint/no-unsafe-assignment': 'off',
        '@typescript-eslint/no-unsafe-member-access': 'off',
      },
    },
  );
}

export {
  APP_PACKAGES,
  CORE_PACKAGES,
  GAME_PACKAGES,
  boundaryConfig,
  packageKind,
  puzzlekitBoundaries,
} from './boundaries.js';
