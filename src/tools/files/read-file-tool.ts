import { cutNote } from '../../core/cut-note.ts';
import { decodeText } from '../../core/decode-text.ts';
import type { Tool } from '../tool.ts';
import { formatBytes } from './format-bytes.ts';
import { openRepoFile } from './resolve-repo-path.ts';

/** Default cap on the bytes `read_file` returns. */
export const READ_FILE_MAX_BYTES = 256 * 1024;

/** The `read_file` tool: a text file of the repository, capped, with a note when cut. */
export function readFileTool(options: { root: string; maxBytes?: number }): Tool {
  const maxBytes = options.maxBytes ?? READ_FILE_MAX_BYTES;
  return {
    name: 'read_file',
    description:
      `Read a text file of the repository. 'path' is relative to the repository root. ` +
      `Files larger than ${formatBytes(maxBytes)} are cut, with a note saying so.`,
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string', description: 'Path relative to the repository root, e.g. src/main.ts' } },
      required: ['path'],
      additionalProperties: false,
    },
    sideEffects: false,
    async execute(args) {
      const requested = String(args.path);
      const { handle, stats } = await openRepoFile('read_file', options.root, requested);
      try {
        const buffer = Buffer.alloc(Math.min(stats.size, maxBytes));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        const bytes = buffer.subarray(0, bytesRead);
        const text = decodeText(bytes);
        if (text === undefined) return `[binary file: ${requested} is ${formatBytes(stats.size)}; not shown]`;
        if (stats.size <= maxBytes) return text;
        // Drop a multi-byte character split by the cut rather than show a replacement character.
        const clean = text.endsWith('\uFFFD') ? text.slice(0, -1) : text;
        // `…` where the text was cut: the redactor hides the start of a known secret a cut leaves there.
        return `${cutNote(`file is ${formatBytes(stats.size)}; showing the first ${formatBytes(maxBytes)}`)}\n${clean}…`;
      } finally {
        await handle.close();
      }
    },
  };
}
