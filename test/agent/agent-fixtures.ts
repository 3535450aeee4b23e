import { textAnswer, toolCallAnswer, type ScriptedReply } from '../helpers/chat-server.ts';

/** One agent step with the math tools: (2 + 3) * 4. */
export const PLAN = `
name: Agent arithmetic
toolsets: [math]
workflow_sequence:
  - id: solve
    type: agent
    task: Work out (2 + 3) * 4 with the tools.
    tools: [add, multiply]
goals:
  - name: the answer is 20
    contains: "20"
`;

/** A `write_todos` call from [id, content, status] triples. */
export const todos = (merge: boolean, items: [string, string, string][]): ScriptedReply =>
  toolCallAnswer('write_todos', { merge, todos: items.map(([id, content, status]) => ({ id, content, status })) });

/** The seed's flow: 3 todos, a tool, an update, a tool, an update, the answer. */
export const SEED_FLOW: ScriptedReply[] = [
  todos(false, [
    ['1', 'Add 2 and 3', 'in_progress'],
    ['2', 'Multiply the sum by 4', 'pending'],
    ['3', 'Answer', 'pending'],
  ]),
  toolCallAnswer('add', { a: 2, b: 3 }),
  todos(true, [
    ['1', 'Add 2 and 3', 'completed'],
    ['2', 'Multiply the sum by 4', 'in_progress'],
  ]),
  toolCallAnswer('multiply', { a: 5, b: 4 }),
  todos(true, [
    ['2', 'Multiply the sum by 4', 'completed'],
    ['3', 'Answer', 'completed'],
  ]),
  textAnswer('(2 + 3) * 4 = 20'),
];

