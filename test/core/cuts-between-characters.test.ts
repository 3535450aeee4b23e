import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/core/parse-json.ts';
import { wellFormed } from '../../src/core/well-formed.ts';
import { outputTail } from '../../src/goals/output-tail.ts';
import { showValue } from '../../src/plan/show-value.ts';
import { PlanAnswerError } from '../../src/planner/plan-answer-error.ts';
import { sanitizeUntrusted } from '../../src/security/sanitize-untrusted.ts';
import { AgentStoppedError } from '../../src/steps/agent/agent-stopped-error.ts';
import { cutProblem } from '../../src/steps/arguments-problem-text.ts';
import { promptExcerpt } from '../../src/steps/data-block.ts';
import { parseToolArguments } from '../../src/steps/parse-tool-arguments.ts';
import { stderrEnd } from '../../src/tools/mcp/mcp-server-start-error.ts';
import { McpToolError } from '../../src/tools/mcp/mcp-tool-error.ts';
import { McpTransportError } from '../../src/tools/mcp/mcp-transport-error.ts';

/** Whether `text` holds half of a character (a lone surrogate), escaped by JSON or not. */
function holdsHalf(text: string): boolean {
  return text !== wellFormed(text) || /\\ud[89a-f][0-9a-f]{2}/i.test(text);
}

/** `units` units of `a`, then emoji: a cut after `units` + 1 units falls inside the first emoji. */
const emojiAt = (units: number, emoji = 40): string => `${'a'.repeat(units)}${'😀'.repeat(emoji)}`;

describe('a cut with an emoji at the cut point keeps no half of it', () => {
  it('in a command’s output tail', () => {
    expect(holdsHalf(outputTail(emojiAt(298)))).toBe(false);
  });

  it('in a value shown in a plan error', () => {
    expect(holdsHalf(showValue(emojiAt(36)))).toBe(false);
  });

  it('in an MCP server’s error texts', () => {
    expect(holdsHalf(new McpTransportError({ toolName: 't', server: 's', detail: emojiAt(1999, 10) }).message)).toBe(false);
    expect(holdsHalf(new McpToolError({ toolName: 't', server: 's', text: emojiAt(1999, 10), transient: false }).message)).toBe(false);
    // The tail's cut: 1,499 units kept after `…`, the first of them the second half of an emoji.
    expect(holdsHalf(stderrEnd(`${'😀'.repeat(10)}${'a'.repeat(1490)}`))).toBe(false);
  });

  it('in an agent’s stop error', () => {
    const error = new AgentStoppedError({ stepKey: 'a', maxTurns: 1, todos: [{ id: '1', content: emojiAt(58), status: 'pending' }], lastMessage: emojiAt(298) });
    expect(holdsHalf(error.message)).toBe(false);
  });

  it('in a planner’s answer, tool arguments and JSON keys quoted in errors', () => {
    expect(holdsHalf(new PlanAnswerError('planner', 'no JSON', emojiAt(199)).message)).toBe(false);
    const parsed = parseToolArguments(`{${emojiAt(198)}`);
    expect(parsed.ok ? '' : parsed.error).toContain('…');
    expect(holdsHalf(parsed.ok ? '' : parsed.error)).toBe(false);
    const key = JSON.stringify(emojiAt(79));
    expect(() => parseJson(`{${key}: 1, ${key}: 2}`)).toThrow(/twice/);
    try {
      parseJson(`{${key}: 1, ${key}: 2}`);
    } catch (error) {
      expect(holdsHalf((error as Error).message)).toBe(false);
    }
  });

  it('in an arguments problem', () => {
    expect(holdsHalf(cutProblem(emojiAt(498)))).toBe(false);
  });

  it('in untrusted text cut for a prompt, read raw or rendered', () => {
    expect(holdsHalf(sanitizeUntrusted(emojiAt(99), { maxChars: 100 }))).toBe(false);
    expect(holdsHalf(sanitizeUntrusted(emojiAt(99), { maxChars: 100, read: 'rendered' }))).toBe(false);
    expect(holdsHalf(promptExcerpt(emojiAt(99), 100))).toBe(false);
  });
});
