/** The states an agent's TODO item can be in, as `write_todos` accepts them. */
export const TODO_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

/** One item of an agent step's TODO list: the plan the agent keeps for itself, shown under its step. */
export interface TodoItem {
  readonly id: string;
  readonly content: string;
  readonly status: TodoStatus;
}

/** The name of the tool the runner gives every agent step to keep its TODO list. */
export const WRITE_TODOS = 'write_todos';
