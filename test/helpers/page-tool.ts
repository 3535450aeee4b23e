import type { Tool } from '../../src/tools/tool.ts';

/** A tool that reads a page: every answer is `chars` characters, starting `PAGE-<call number> `. */
export function pageTool(chars: number): Tool {
  let calls = 0;
  return {
    name: 'page',
    description: 'The next page',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    sideEffects: false,
    async execute() {
      calls++;
      return `PAGE-${calls} `.padEnd(chars, 'x');
    },
  };
}
