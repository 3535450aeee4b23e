import type OpenAI from 'openai';
import { TODO_STATUSES, WRITE_TODOS } from '../../core/todo-item.ts';
import { MAX_TODO_CONTENT, MAX_TODO_ID, MAX_TODO_ITEMS } from './apply-write-todos.ts';

export { WRITE_TODOS };

/** The `write_todos` function as the model is offered it (the runner answers it itself). */
export const WRITE_TODOS_DEFINITION: OpenAI.Chat.Completions.ChatCompletionFunctionTool = {
  type: 'function',
  function: {
    name: WRITE_TODOS,
    description:
      'Write your plan for this task as a TODO list, and keep it current. Call it first, before any other tool. ' +
      'merge: false replaces the whole list, and may leave out only completed items (keep the others, marked completed or cancelled); merge: true updates the items you name by id and appends items with new ids. ' +
      `At most one item may be in_progress at a time. Mark an item completed as soon as it is done. At most ${MAX_TODO_ITEMS} items, each a short line.`,
    parameters: {
      type: 'object',
      properties: {
        todos: {
          type: 'array',
          maxItems: MAX_TODO_ITEMS,
          items: {
            type: 'object',
            properties: {
              id: { type: 'string', maxLength: MAX_TODO_ID, description: 'A short id, unique in the list, e.g. "1".' },
              content: { type: 'string', maxLength: MAX_TODO_CONTENT, description: 'What the item is. Needed for new items; may be left out when updating one.' },
              status: { type: 'string', enum: [...TODO_STATUSES] },
            },
            required: ['id', 'status'],
            additionalProperties: false,
          },
        },
        merge: { type: 'boolean', description: 'false: replace the list (it may leave out only completed items); true: update by id and append new items.' },
      },
      required: ['todos', 'merge'],
      additionalProperties: false,
    },
  },
};
