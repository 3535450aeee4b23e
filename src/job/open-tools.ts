import type { Plan } from '../plan/schema.ts';
import { buildToolRegistry } from './build-tool-registry.ts';
import type { McpConnection } from '../tools/mcp/connect-mcp-servers.ts';
import type { RunnerEnvironment } from '../process/scrub-environment.ts';
import type { Tool, ToolRegistry } from '../tools/tool.ts';
import { StepError } from '../core/step-error.ts';
import type { Redactor } from '../core/redact.ts';
import { redactingTools } from '../tools/redacting-tools.ts';
import type { ToolsetContext } from '../tools/toolsets.ts';
import type { WriteAllowance } from '../tools/github/write-allowance.ts';
import type { WriteCounts } from '../tools/github/write-caps.ts';

/** What a run gives its tools: where they run, what they may read, and the GitHub context. */
export interface OpenToolsContext extends Omit<ToolsetContext, 'root'> {
  /** The repository root: command tools and stdio MCP servers run here; file tools may not leave it. */
  readonly cwd: string;
  /** The runner's environment; every subprocess sees only a scrubbed part of it. */
  readonly env: RunnerEnvironment;
  /** The run's cancel signal; aborting it ends every MCP server. */
  readonly signal: AbortSignal;
  /** Servers already started to validate the plan (`loadPlanWithServers`); started here when absent. */
  readonly servers?: McpConnection;
  /** How long each MCP server gets to start and list its tools. */
  readonly mcpStartTimeoutMs?: number;
  /** Tools besides the plan's own (adapters, tests), added as they are. */
  readonly extraTools?: readonly Tool[];
  /** Tools validation withheld from this run (`ValidPlan.withheld`): left out, so nothing can call them. */
  readonly withheld?: ReadonlyMap<string, string>;
  /**
   * Applied to whatever a step passes a tool (a GitHub write, an HTTP request, an MCP call).
   * Required: every caller that opens tools must say how their arguments are redacted (the eval's
   * ReAct baseline once opened them with none).
   */
  readonly redact: Redactor;
  /** Wraps every tool the run may call (`plan-runner eval` injects faults here). */
  readonly decorateTool?: (tool: Tool) => Tool;
}

/** The tools of one run, and the means to end the processes behind them. */
export interface OpenTools {
  readonly tools: ToolRegistry;
  /** The MCP servers' tools (`<server>__<tool>`): what validation takes as `extraTools`. */
  readonly extraTools: readonly Tool[];
  /** The capped github writes the run has made so far (the github toolset's count), when it has that toolset. */
  readonly githubWritten?: () => WriteCounts;
  /** Ends every MCP server and its process group. Safe to call more than once; call it in `finally`. */
  close(): Promise<void>;
}

/** Tool names a plan's steps and agents use; undefined when a model is still to write the steps. */
function namedTools(plan: Plan): Set<string> | undefined {
  if (plan.workflow_sequence === undefined) return undefined;
  const names = new Set<string>();
  for (const step of plan.workflow_sequence) {
    if (step.tool !== undefined) names.add(step.tool);
    for (const name of step.tools ?? []) names.add(name);
  }
  for (const agent of Object.values(plan.agents ?? {})) for (const name of agent.tools ?? []) names.add(name);
  return names;
}

/**
 * An MCP tool that refuses to run once the run is cancelled or its tools are closed: a server
 * restarts lazily on a call, and a step still winding down after the run ended must not start
 * one that nothing will close.
 */
function endsWithRun(tool: Tool, signal: AbortSignal, isClosed: () => boolean): Tool {
  return {
    ...tool,
    async execute(args, ctx) {
      signal.throwIfAborted();
      if (isClosed()) throw new StepError(`${tool.name}: the run's MCP servers are already closed`, { transient: false, toolName: tool.name });
      return tool.execute(args, ctx);
    },
  };
}

async function startServers(plan: Plan, context: OpenToolsContext): Promise<McpConnection | undefined> {
  if (context.servers) return context.servers;
  if (Object.keys(plan.mcp_servers ?? {}).length === 0) return undefined;
  // The MCP SDK loads only for a plan with servers: the others start without it.
  const { connectMcpServers } = await import('../tools/mcp/connect-mcp-servers.ts');
  return connectMcpServers(plan.mcp_servers ?? {}, {
    signal: context.signal,
    cwd: context.cwd,
    env: context.env,
    ...(context.mcpStartTimeoutMs !== undefined && { timeoutMs: context.mcpStartTimeoutMs }),
  });
}

/**
 * The tool phase of a job, the one place a run's tools are assembled. Every tool a run of `plan`
 * may call: its toolsets (files in `cwd`; github with the client,
 * repository and pull request given; http within `http.allow`), its command tools, and the tools of
 * its MCP servers, and `extraTools`, less what validation withheld. Servers no step names are closed again (they restart if a revised plan calls
 * them). Throws ToolsetSetupError, DuplicateToolError or McpServerStartError, after ending every
 * server, including those passed in `servers`.
 */
export async function openTools(plan: Plan, context: OpenToolsContext): Promise<OpenTools> {
  let servers: McpConnection | undefined;
  let allowance: WriteAllowance | undefined;
  try {
    const options = {
      // The registry is built again with the MCP tools: the last allowance made is the one its tools share.
      onAllowance: (made: WriteAllowance) => {
        allowance = made;
      },
      cwd: context.cwd,
      env: context.env,
      redact: context.redact,
      ...(context.octokit !== undefined && { octokit: context.octokit }),
      ...(context.repository !== undefined && { repository: context.repository }),
      ...(context.pullNumber !== undefined && { pullNumber: context.pullNumber }),
      ...(context.earlierWrites !== undefined && { earlierWrites: context.earlierWrites }),
      ...(context.pullHeadSha !== undefined && { pullHeadSha: context.pullHeadSha }),
    };
    // Built once without the servers first, so a missing token or allow list starts no process.
    let tools = buildToolRegistry(plan, options);
    servers = await startServers(plan, context);
    let closed = false;
    const mcpTools = (servers?.tools ?? []).map((tool) => endsWithRun(tool, context.signal, () => closed));
    if (mcpTools.length > 0) tools = buildToolRegistry(plan, { ...options, extraTools: mcpTools, extraSource: 'mcp_servers' });
    const used = namedTools(plan);
    if (servers && used) await servers.closeUnused(used);
    const opened = servers;
    const merged = new Map(tools);
    for (const tool of context.extraTools ?? []) merged.set(tool.name, tool);
    const all = redactingTools(merged, context.redact);
    // Withheld tools are not even callable: a step a model writes later cannot reach them either.
    for (const name of context.withheld?.keys() ?? []) all.delete(name);
    if (context.decorateTool) for (const [name, tool] of all) all.set(name, context.decorateTool(tool));
    const counted = allowance;
    return {
      tools: all,
      extraTools: mcpTools,
      ...(counted && { githubWritten: () => counted.written() }),
      async close() {
        closed = true;
        await opened?.close();
      },
    };
  } catch (error) {
    await (servers ?? context.servers)?.close();
    throw error;
  }
}
