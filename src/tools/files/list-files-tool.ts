import { shownPath } from './shown-path.ts';
import { cutNote } from '../../core/cut-note.ts';
import type { Redactor } from '../../core/redact.ts';
import type { Tool } from '../tool.ts';
import { compileGlob } from './compile-glob.ts';
import { checkRelativePath } from './resolve-repo-path.ts';
import { walkFilesAsShown } from './walk-files-as-shown.ts';
import type { WalkLimits } from './walk-repo-files.ts';

/** Default cap on the paths `list_files` returns. */
export const LIST_FILES_MAX_RESULTS = 1000;

/** The `list_files` tool: repository files matching a glob, sorted and capped; `redact` is the run's (names are matched as shown). */
export function listFilesTool(options: { root: string; redact: Redactor; maxResults?: number; walk?: WalkLimits }): Tool {
  const { redact } = options;
  const maxResults = options.maxResults ?? LIST_FILES_MAX_RESULTS;
  return {
    name: 'list_files',
    description:
      `List repository files matching a glob (default '**/*'), one path per line, sorted, at most ${maxResults}. ` +
      `'*' does not match names starting with '.'; write '.github/**' for those. .git, .plan-runner and node_modules are skipped; ` +
      `a path holding a control character or ':', or starting with '"' or '[', is written as a JSON string.`,
    inputSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: "Glob relative to the repository root, e.g. 'src/**/*.ts'" },
        include_node_modules: { type: 'boolean', description: 'Also list files under node_modules' },
      },
      additionalProperties: false,
    },
    sideEffects: false,
    async execute(args, ctx) {
      const pattern = typeof args.pattern === 'string' && args.pattern !== '' ? args.pattern : '**/*';
      checkRelativePath('list_files', pattern);
      const glob = compileGlob('list_files', pattern);
      // Matched and sorted as the model sees the names (found by a secrets hunt).
      const walk = await walkFilesAsShown(options.root, redact, glob, {
        includeNodeModules: args.include_node_modules === true,
        pattern,
        signal: ctx.signal,
        ...options.walk,
      });
      const matches = walk.files;
      if (matches.length === 0) return `${walk.notice}[no files match '${pattern}']`;
      if (matches.length <= maxResults) return `${walk.notice}${matches.map(shownPath).join('\n')}`;
      const shown = matches.slice(0, maxResults).map(shownPath).join('\n');
      return `${walk.notice}${cutNote(`${matches.length} files match '${pattern}'; showing the first ${maxResults}; narrow the pattern`)}\n${shown}`;
    },
  };
}
