import type { ChatRequest } from '../../src/llm/model-client.ts';
import { BASE_SHA, HEAD_SHA, REPO } from '../e2e/pull-request-event.ts';

const FULL_NAME = `${REPO.owner}/${REPO.name}`;
const REPOSITORY = { id: 1296269, name: REPO.name, full_name: FULL_NAME, owner: { login: REPO.owner, id: 1, type: 'Organization' }, private: false, fork: false, default_branch: 'main' };

/** Every message's text of a chat request, joined: what the model was shown. */
export function promptOf(body: ChatRequest): string {
  return body.messages.map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? ''))).join('\n');
}

/** Names of the tools a chat request offered the model. */
export function offeredTools(body: ChatRequest): string[] {
  return (body.tools ?? []).flatMap((tool) => (tool.type === 'function' ? [tool.function.name] : []));
}

/** A pull request as `GET /repos/{owner}/{repo}/pulls/{number}` returns it (the fields the github tools read, and more). */
export function pullRequestData(number: number, options: { body: string; headRef?: string }): Record<string, unknown> {
  return {
    number,
    title: 'Fix the typo in the README',
    state: 'open',
    merged: false,
    draft: false,
    user: { login: 'octocat', id: 2, type: 'User' },
    body: options.body,
    labels: [],
    head: { ref: options.headRef ?? 'fix-typo', sha: HEAD_SHA, repo: REPOSITORY },
    base: { ref: 'main', sha: BASE_SHA, repo: REPOSITORY },
    additions: 1,
    deletions: 1,
    changed_files: 1,
    commits: 1,
    html_url: `https://github.com/${FULL_NAME}/pull/${number}`,
  };
}

/** An `issue_comment` (`created`) payload on pull request `number`, written by `login`. */
export function issueCommentEvent(number: number, login: string, body: string): Record<string, unknown> {
  const user = { login, id: 99, type: 'User' };
  return {
    action: 'created',
    issue: { number, title: 'Fix the typo', user, pull_request: { url: `https://api.github.com/repos/${FULL_NAME}/pulls/${number}` } },
    comment: { id: 5001, body, user },
    repository: REPOSITORY,
    sender: user,
  };
}

/** A plan whose steps need a model: reads a file with a command tool, then summarises it. */
export function summaryPlan(toolScript: string, extra = ''): string {
  return `name: Notes summary
limits: { max_replans: 0 }
${extra}tools:
  fetch_notes:
    description: Read the release notes
    command: [node, ${toolScript}]
workflow_sequence:
  - id: notes
    type: tool_call
    tool: fetch_notes
    description: Read the release notes
    args: {}
  - id: summary
    type: reasoning
    description: Summarise the notes in one sentence
`;
}

/** A tool script printing `text` (JSON-encoded here, so any characters survive). */
export function printingTool(text: string): string {
  return `process.stdout.write(${JSON.stringify(text)});\n`;
}
