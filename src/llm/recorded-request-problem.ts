function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What is wrong with a function tool or tool call's `function` (`name`, and for a call its `arguments`), or undefined. */
function functionProblem(value: Record<string, unknown>, where: string, withArguments: boolean): string | undefined {
  const fn = value.function;
  if (value.type !== 'function') return undefined;
  if (!isObject(fn) || typeof fn.name !== 'string') return `${where} has no \`function\` with a \`name\``;
  if (withArguments && typeof fn.arguments !== 'string') return `${where}'s \`function.arguments\` is not text`;
  return undefined;
}

function messageProblem(message: unknown, where: string): string | undefined {
  if (!isObject(message) || typeof message.role !== 'string') return `${where} is not a message (an object with a \`role\`)`;
  const { content, tool_calls: calls } = message;
  if (Array.isArray(content)) {
    const part = content.findIndex((one) => !isObject(one));
    if (part >= 0) return `${where}.content[${part}] is not a content part (an object)`;
  }
  if (calls === undefined || calls === null) return undefined;
  if (!Array.isArray(calls)) return `${where}.tool_calls is not a list`;
  for (const [index, call] of calls.entries()) {
    if (!isObject(call) || typeof call.type !== 'string') return `${where}.tool_calls[${index}] is not a tool call (an object with a \`type\`)`;
    const problem = functionProblem(call, `${where}.tool_calls[${index}]`, true);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * What in a recorded request is not shaped as a Chat Completions request a run sends (its tools, messages,
 * their content parts and tool calls), or undefined: the replay compares each part, and a hand-edited or
 * damaged one failed its step as "(request.tools ?? []).map is not a function" (found by an adversarial pass).
 */
export function recordedRequestProblem(request: Record<string, unknown>): string | undefined {
  const { tools, messages } = request;
  if (tools !== undefined) {
    if (!Array.isArray(tools)) return 'its request\'s `tools` is not a list';
    for (const [index, tool] of tools.entries()) {
      if (!isObject(tool) || typeof tool.type !== 'string') return `its request's tools[${index}] is not a tool (an object with a \`type\`)`;
      const problem = functionProblem(tool, `its request's tools[${index}]`, false);
      if (problem) return problem;
    }
  }
  for (const [index, message] of (messages as unknown[]).entries()) {
    const problem = messageProblem(message, `its request's messages[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}
