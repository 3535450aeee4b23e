import tseslint from 'typescript-eslint';
import { noRawTextCut } from './scripts/no-raw-text-cut.ts';
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
    plugins: { 'plan-runner': { rules: { 'no-trailing-run-regex': noTrailingRunRegex, 'no-raw-text-cut': noRawTextCut } } },
    rules: {
      'plan-runner/no-trailing-run-regex': 'error',
      'plan-runner/no-raw-text-cut': 'error',
      // Each item an argument: past about 120,000, V8 throws "Maximum call stack size exceeded" (src/core/push-all.ts).
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^(push|unshift|splice)$/] > SpreadElement", message: 'spread arguments overflow the stack past about 120,000 items: use pushAll (src/core/push-all.ts) or a loop' },
        { selector: "CallExpression[callee.object.name='Math'][callee.property.name=/^(max|min)$/] > SpreadElement", message: 'spread arguments overflow the stack past about 120,000 items: use a loop or reduce' },
        { selector: "CallExpression[callee.object.name='AbortSignal'][callee.property.name='timeout']", message: 'AbortSignal.timeout refuses a delay that is not a whole number (a plan\'s 0.1234 s): use timeoutSignal (src/core/timeout-signal.ts)' },
        { selector: "CallExpression[callee.object.name='path'][callee.property.name='resolve'] > TemplateLiteral", message: "ncc's asset relocator reads a template in path.resolve beside an fs call as a glob, and copied the whole repository into dist/: build the path from a base and string concatenation" },
        { selector: "CallExpression[callee.property.name='toLocaleString']", message: 'a first toLocaleString loads ICU (18-20 ms of a start): group digits with groupDigits (src/core/group-digits.ts)' },
        { selector: "CallExpression[callee.property.name='normalize'][arguments.length=1][arguments.0.value=/^NF/]", message: "ICU's normalize is quadratic in a run of combining marks (160,000 held the event loop 5.5 s): use normalizeLinear (src/core/normalize-linear.ts)" },
      ],
    },
  },
  // The one call of String.prototype.normalize, made linear there.
  { files: ['src/core/normalize-linear.ts'], rules: { 'no-restricted-syntax': 'off' } },
);
