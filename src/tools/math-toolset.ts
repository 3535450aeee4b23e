import { StepError } from '../core/step-error.ts';
import type { Tool } from './tool.ts';

const operands = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
  additionalProperties: false,
} as const;

function operation(name: string, description: string, apply: (a: number, b: number) => number): Tool {
  return {
    name,
    description,
    inputSchema: operands,
    sideEffects: false,
    async execute(args) {
      const { a, b } = args as { a: number; b: number };
      return apply(a, b);
    },
  };
}

/** The `math` toolset: add, subtract, multiply, divide on numbers `a` and `b`. */
export function mathToolset(): Tool[] {
  return [
    operation('add', 'Add two numbers: a + b', (a, b) => a + b),
    operation('subtract', 'Subtract b from a: a - b', (a, b) => a - b),
    operation('multiply', 'Multiply two numbers: a × b', (a, b) => a * b),
    operation('divide', 'Divide a by b: a ÷ b', (a, b) => {
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
