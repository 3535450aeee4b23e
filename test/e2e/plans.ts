/** A plan that reads a file with a command tool and has the model summarise it: needs base-url and api-key. */
export const REVIEW_PLAN = `name: PR review
goal: Summarise the change for reviewers
tools:
  read_file:
    description: Read a file of the repository
    command: [node, tools/read-file.mjs]
    input:
      type: object
      properties: { file: { type: string } }
      required: [file]
      additionalProperties: false
workflow_sequence:
  - id: notes
    type: tool_call
    tool: read_file
    description: Read the release notes
    args: { file: notes.txt }
  - id: summary
    type: reasoning
    description: Summarise the notes in one sentence
goals:
  - name: mentions the fix
    contains: fixed
  - name: short
    max_words: 40
    severity: warning
`;

/** 3 × 4 − 1 with the math toolset (no model), judged by `goals` (YAML list items, indented two spaces). */
export function mathPlan(goals: string): string {
  return `name: Arithmetic
toolsets: [math]
workflow_sequence:
  - id: 1
    type: tool_call
    tool: multiply
    description: Multiply 3 × 4
    args: { a: 3, b: 4 }
  - id: 2
    type: tool_call
    tool: subtract
    description: Subtract 1
    args: { a: { step_result: 1 }, b: 1 }
goals:
${goals}`;
}

/** A plan whose only step waits until the run is cancelled. */
export const WAITING_PLAN = `name: Waiting
tools:
  wait_forever:
    description: Waits for something that never comes
    command: [node, tools/wait-forever.mjs]
workflow_sequence:
  - id: 1
    type: tool_call
    tool: wait_forever
    description: Wait for the slow service
    args: {}
`;

/** A YAML syntax error on line 5 (an unclosed flow sequence). */
export const BROKEN_PLAN = `name: Broken
workflow_sequence:
  - id: 1
    type: tool_call
    tool: [multiply
`;
