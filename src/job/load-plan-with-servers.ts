import { loadParsedPlanFile, parsePlanFile } from '../plan/load-plan.ts';
import { planSecretValues } from '../process/plan-secret-values.ts';
import type { PlanError } from '../plan/plan-error.ts';
import type { ToolDescription, ToolWithholding, ValidPlan } from '../plan/valid-plan.ts';
import type { McpConnection } from '../tools/mcp/connect-mcp-servers.ts';
import { McpServers } from '../tools/mcp/mcp-config.ts';
import { McpServerStartError } from '../tools/mcp/mcp-server-start-error.ts';
import type { RunnerEnvironment } from '../process/scrub-environment.ts';

export interface PlanServersOptions {
  /** Cancels start-up; once started, aborting it ends every server. */
  readonly signal: AbortSignal;
  /** The repository root: stdio servers run here. */
  readonly cwd: string;
  /** The runner's environment; servers see only PATH, HOME, the few variables programs need to start (`mcpServerEnvironment`) and what their `env:` names. */
  readonly env: RunnerEnvironment;
  /** How long each server gets to start and list its tools. */
  readonly timeoutMs?: number;
  /** Tools from other adapters that steps may also name. */
  readonly extraTools?: readonly ToolDescription[];
  /** Keeps tools out of the run (read-only mode on a fork's pull request). */
  readonly withhold?: ToolWithholding;
  /** The caller's model, which replaces the plan's `model.name`. */
  readonly model?: string;
  /** As LoadPlanOptions.modelTimeoutSeconds. */
  readonly modelTimeoutSeconds?: number;
  /**
   * Told the values the servers get under secret names (`planSecretValues`) before any starts: the caller's redactor
   * learns them. Required: a server that fails to start can print them in the stderr its error quotes, and `eval`,
   * which left it out, printed them (found by a secret hunt). `undefined` only where nothing loaded is ever shown.
   */
  readonly learnSecrets: ((values: readonly string[]) => void) | undefined;
  /** As LoadPlanOptions.stepsRun: false in `mode: agent`. */
  readonly stepsRun?: boolean;
  /** As LoadPlanOptions.argsCheckLimitMs. */
  readonly argsCheckLimitMs?: number;
  /**
   * Asked with the file's parsed value before any of its servers starts (not for a plan without servers): errors it
   * gives reject the load, and no server starts. The job's refusal of an approval that does not hold: the servers run
   * what the file says now, which a refused approval must not let run.
   */
  readonly beforeServers?: (value: unknown) => PlanError[] | undefined;
}

export type PlanWithServers =
  | { readonly ok: true; readonly plan: ValidPlan; readonly servers?: McpConnection }
  | { readonly ok: false; readonly errors: PlanError[] };

/** The plan file's `mcp_servers`, read ahead of validation; undefined when there are none or they do not read (validation says why). */
function peekMcpServers(value: unknown): McpServers | undefined {
  if (value === null || typeof value !== 'object' || !('mcp_servers' in value)) return undefined;
  const parsed = McpServers.safeParse(value.mcp_servers);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : undefined;
}

/**
 * Loads a plan file whose steps may name MCP tools: reads and parses it once, asks `beforeServers`, starts its
 * `mcp_servers` (each lists its tools within its `start_timeout_seconds`, else `timeoutMs`), then validates with their
 * tools. A server that fails to start is a plan error naming it; when the plan is rejected the servers are closed
 * again, and otherwise the caller owns them (`servers.close()`, or hand them to `openTools`). A cancel rethrows its reason.
 */
export async function loadPlanWithServers(file: string, options: PlanServersOptions): Promise<PlanWithServers> {
  const read = await parsePlanFile(file);
  if (!read.ok) return read;
  const peeked = peekMcpServers(read.parsed.value);
  const extraTools = options.extraTools ?? [];
  // `uses:` paths are relative to the repository root, whatever the process's working directory.
  const loadOptions = { root: options.cwd, ...(options.withhold !== undefined && { withhold: options.withhold }), ...(options.model !== undefined && { model: options.model }), ...(options.modelTimeoutSeconds !== undefined && { modelTimeoutSeconds: options.modelTimeoutSeconds }), ...(options.stepsRun === false && { stepsRun: false }), ...(options.argsCheckLimitMs !== undefined && { argsCheckLimitMs: options.argsCheckLimitMs }) };
  if (!peeked) return loadParsedPlanFile(file, read.text, read.parsed, { extraTools, ...loadOptions });
  const refused = options.beforeServers?.(read.parsed.value);
  if (refused !== undefined) return { ok: false, errors: refused };
  options.learnSecrets?.(planSecretValues({ mcp_servers: peeked }, options.env));
  let servers: McpConnection;
  try {
    // The MCP SDK loads only for a plan with servers: the others start without it.
    const { connectMcpServers } = await import('../tools/mcp/connect-mcp-servers.ts');
    servers = await connectMcpServers(peeked, {
      signal: options.signal,
      cwd: options.cwd,
      env: options.env,
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    });
  } catch (error) {
    if (!(error instanceof McpServerStartError)) throw error;
    const position = (await read.parsed.positions()).locate(['mcp_servers', error.server], 'key');
    return { ok: false, errors: [{ file, ...position, path: `mcp_servers.${error.server}`, message: error.message }] };
  }
  const loaded = await loadParsedPlanFile(file, read.text, read.parsed, { extraTools: [...extraTools, ...servers.tools], ...loadOptions });
  if (!loaded.ok) {
    await servers.close();
    return loaded;
  }
  return { ok: true, plan: loaded.plan, servers };
}
