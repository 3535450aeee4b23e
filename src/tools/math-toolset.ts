import { StepError } from '../core/step-error.ts';
import type { Tool } from './tool.ts';

const operands = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
  additionalProperties: false,
} as const;

function operation(name: string, description: string, symbol: string, apply: (a: number, b: number) => number): Tool {
  return {
    name,
    description,
    inputSchema: operands,
    sideEffects: false,
    async execute(args) {
      const { a, b } = args as { a: number; b: number };
      const result = apply(a, b);
      // Infinity is no JSON number: the trace, the summary and a resumed run would read it as null, and the step
      // would show as done with a result it did not have.
      if (!Number.isFinite(result)) {
        throw new StepError(`${name}: ${a} ${symbol} ${b} is beyond the largest number a result can hold (about ±1.8e308); scale the inputs down, or check the step that produced them`, {
          transient: false,
          toolName: name,
        });
      }
      return result;
    },
  };
}

/** The `math` toolset: add, subtract, multiply, divide on numbers `a` and `b`. */
export function mathToolset(): Tool[] {
  return [
    operation('add', 'Add two numbers: a + b', '+', (a, b) => a + b),
    operation('subtract', 'Subtract b from a: a - b', '-', (a, b) => a - b),
    operation('multiply', 'Multiply two numbers: a × b', '×', (a, b) => a * b),
    operation('divide', 'Divide a by b: a ÷ b', '÷', (a, b) => {
      if (b === 0) {
        throw new StepError(`divide: cannot divide ${a} by zero; check the step that produced b`, {
          transient: false,
          toolName: 'divide',
        });
      }
      return a / b;
    }),
  ];
}
