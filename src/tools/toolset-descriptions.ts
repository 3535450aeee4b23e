import type { GitHubClient } from '../github/create-octokit.ts';
import type { Toolset } from './toolset-name.ts';
import type { JsonSchema } from '../core/json-schema.ts';
import { filesToolset } from './files/files-toolset.ts';
import { githubToolset } from './github/github-toolset.ts';
import { httpToolset } from './http/http-toolset.ts';
import type { Tool } from './tool.ts';
import { ToolsetSetupError } from './toolset-setup-error.ts';

/** Where the run's repository and pull request go in descriptions written before the run knows them. */
const RUN_OWNER = 'the owner of the run’s repository';
const RUN_REPO = 'the run’s repository';

let githubDescriptions: readonly Tool[] | undefined;

// The github tools are only described here, never called: a client that refuses any use, so
// validating a plan does not load Octokit (and the HTTP stack under it).
const NO_CLIENT = new Proxy({} as GitHubClient, {
  get() {
    throw new ToolsetSetupError('github', 'the github tools were built to describe the plan and have no GitHub client');
  },
});

/**
 * Validation cannot know whether the run will have a pull request, so `pull_number` is optional
 * here; in the run, the github tools require it when there is none.
 */
function pullNumberOptional(tool: Tool): Tool {
  const schema = tool.inputSchema as JsonSchema & { properties?: Record<string, unknown>; required?: string[] };
  if (!schema.properties || !('pull_number' in schema.properties)) return tool;
  return {
    ...tool,
    inputSchema: {
      ...schema,
      properties: {
        ...schema.properties,
        pull_number: { type: 'integer', minimum: 1, description: 'Pull request number; default: the pull request the run is for' },
      },
      required: (schema.required ?? []).filter((name) => name !== 'pull_number'),
    },
  };
}

function describeOnly(toolset: Toolset, tools: readonly Tool[]): Tool[] {
  return tools.map((tool) => ({
    ...tool,
    async execute() {
      throw new ToolsetSetupError(toolset, `tool '${tool.name}' was built to describe the plan, not to run it; open the run's tools with openTools`);
    },
  }));
}

/**
 * The tools of a toolset that needs the run's context (files, github, http), as validation and
 * planning see them: names, descriptions and input schemas. Calling one fails with ToolsetSetupError.
 */
export function toolsetDescriptions(toolset: Exclude<Toolset, 'math'>, allow: readonly string[] | undefined): Tool[] {
  switch (toolset) {
    case 'files':
      return describeOnly(toolset, filesToolset({ root: '.', redact: (text) => text }));
    case 'http':
      return describeOnly(toolset, httpToolset({ allow: allow ?? ['(the prefixes of the plan’s http.allow)'] }));
    case 'github':
      githubDescriptions ??= describeOnly(toolset, githubToolset({ octokit: NO_CLIENT, redact: (text) => text, owner: RUN_OWNER, repo: RUN_REPO }).map(pullNumberOptional));
      return [...githubDescriptions];
  }
}
