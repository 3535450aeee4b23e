import type { Toolset } from '../plan/schema.ts';
import { mathToolset } from './math-toolset.ts';
import type { Tool } from './tool.ts';

/** The tools a built-in toolset (`toolsets: [math]` in a plan) provides. */
export function toolsetTools(name: Toolset): Tool[] {
  switch (name) {
    case 'math':
      return mathToolset();
  }
}
