import { formatBytes } from '../files/format-bytes.ts';
import { MAX_JSON_DEPTH } from '../../core/parse-json.ts';
import { exceedsDepth } from '../../core/exceeds-depth.ts';

interface ContentBlock {
  type: string;
  text?: string;
  mimeType?: string;
  data?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; text?: string; mimeType?: string };
}

/** The text of an MCP result's content blocks, one per line; binary blocks are described, not included. */
export function mcpResultText(content: readonly ContentBlock[] | undefined): string {
  return (content ?? [])
    .map((block) => {
      switch (block.type) {
        case 'text':
          return block.text ?? '';
        case 'image':
        case 'audio':
          return `[${block.type}: ${block.mimeType ?? 'unknown type'}, ${formatBytes(Math.floor(((block.data ?? '').length * 3) / 4))} not shown]`;
        case 'resource_link':
          return `[resource: ${block.uri ?? ''}${block.name ? ` (${block.name})` : ''}]`;
        case 'resource':
          return block.resource?.text ?? `[resource: ${block.resource?.uri ?? ''} (${block.resource?.mimeType ?? 'binary'})]`;
        default:
          return `[${block.type} content not shown]`;
      }
    })
    .join('\n');
}

/** What an MCP tool call returns to the plan: its structured content when present, else its text. */
export function mcpResultValue(result: { content?: readonly ContentBlock[]; structuredContent?: unknown }): unknown {
  if (result.structuredContent !== undefined && result.structuredContent !== null) return result.structuredContent;
  return mcpResultText(result.content);
}

/**
 * The words of an `isError` result: its text, else its structured content as JSON. A server that gave its details
 * only there was reported as having given none (found by an adversarial pass). Not a value too deep to write.
 */
export function mcpErrorText(result: { content?: readonly ContentBlock[]; structuredContent?: unknown }): string {
  const text = mcpResultText(result.content);
  const structured = result.structuredContent;
  if (text.trim() !== '' || structured === undefined || structured === null || exceedsDepth(structured, MAX_JSON_DEPTH)) return text;
  return JSON.stringify(structured);
}
