import tseslint from 'typescript-eslint';
import { noTrailingRunRegex } from './scripts/no-trailing-run-regex.ts';

export default tseslint.config(
  { ignores: ['dist/**', 'lib/**', 'node_modules/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'plan-runner': { rules: { 'no-trailing-run-regex': noTrailingRunRegex } } },
    rules: { 'plan-runner/no-trailing-run-regex': 'error' },
  },
);
