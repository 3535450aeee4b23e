import { z } from 'zod';
import { argvWord } from '../../process/argv-word.ts';
import { envValue } from '../../process/env-value.ts';
import { httpUrl, URL_CREDENTIALS_PATTERN } from '../../core/http-url.ts';
import { refusedSchema } from '../../core/json-schema.ts';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Server names become the first half of tool names (`<server>__<tool>`). */
export const MCP_SERVER_NAME_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const EnvName = z.string().regex(ENV_NAME, 'environment variable names use ASCII letters, digits and _');

const URL_CREDENTIALS = 'a server URL may not carry credentials (user:password@), which fetch refuses and error messages would show; send them in `headers` from a runner variable (Authorization: Bearer ${env.TOKEN})';
const COMMAND_OR_URL = 'give either command (a stdio server) or url (a streamable HTTP server)';
const ENV_ON_URL = 'env applies to stdio servers (command); use headers for url';
const HEADERS_ON_COMMAND = 'headers apply to url servers; use env for command';

/** One MCP server: a stdio `command`, or a streamable HTTP `url`. */
export const McpServer = z
  .strictObject({
    command: z
      .array(argvWord())
      .min(1, 'command needs at least the program to run')
      .optional()
      .meta({ description: 'A stdio server: the program and its arguments (argv, no shell).', examples: [['npx', '-y', '@modelcontextprotocol/server-everything']] }),
    /** Variables the stdio server gets besides PATH, HOME, the runner's RUNNER_TRACKING_ID and, on Windows, the system variables programs need there: names to pass through, or values with `${env.NAME}`. */
    env: z
      .union([z.array(EnvName), z.record(EnvName, envValue())])
      .optional()
      .meta({ description: "Variables a stdio server gets besides PATH, HOME, the runner's RUNNER_TRACKING_ID and, on Windows, the system variables programs need there (SystemRoot, USERPROFILE, TEMP …): names to pass through, or values (which may read ${env.NAME}).", examples: [{ GREETING: 'hello' }] }),
    url: httpUrl('write the server URL as http(s)://host/path')
      .refine((value) => {
        const url = URL.parse(value);
        return !url || (url.username === '' && url.password === '');
      }, URL_CREDENTIALS)
      .meta({ allOf: [{ not: { pattern: URL_CREDENTIALS_PATTERN }, errorMessage: URL_CREDENTIALS }] })
      .optional()
      .meta({ description: 'A streamable HTTP server: its URL.', examples: ['https://mcp.example.com/mcp'] }),
    /** HTTP headers; values may read runner variables with `${env.NAME}`. */
    headers: z
      .record(z.string().regex(/^[A-Za-z0-9-]+$/, 'header names use ASCII letters, digits and -'), envValue())
      .optional()
      .meta({ description: 'HTTP headers for a url server; values may read runner variables with ${env.NAME}.', examples: [{ Authorization: 'Bearer ${env.DOCS_TOKEN}' }] }),
    /** Only these of the server's tools join the registry; default: all it lists. */
    tools: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .meta({ description: "Only these of the server's tools join the plan; left out: all it lists.", examples: [['echo', 'add']] }),
    /** Per-call timeout. */
    timeout_seconds: z.number().positive().max(3600).optional().meta({ description: "Time limit of one tool call; a tool_call step's own timeout_seconds replaces it.", default: 60 }),
    /** The time the server gets to start, and again to list its tools; a start before a call gets it too, within the call's time. */
    start_timeout_seconds: z.number().positive().max(600).optional().meta({ description: "Time the server gets to start, and again to list its tools; a start before a call (after it was closed or crashed) gets it too, within the call's timeout_seconds.", default: 30 }),
  })
  .superRefine((server, ctx) => {
    if ((server.command === undefined) === (server.url === undefined)) {
      ctx.addIssue({ code: 'custom', message: COMMAND_OR_URL });
    }
    if (server.url !== undefined && server.env !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['env'], message: ENV_ON_URL });
    }
    if (server.command !== undefined && server.headers !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['headers'], message: HEADERS_ON_COMMAND });
    }
  })
  // The same rules for plan.schema.json, which cannot see the refinement above: an editor took `{}`, or both kinds.
  .meta({
    allOf: [
      { if: { type: 'object', properties: { command: false, url: false } }, then: refusedSchema(COMMAND_OR_URL) },
      { if: { type: 'object', required: ['command', 'url'] }, then: refusedSchema(COMMAND_OR_URL) },
      { if: { type: 'object', required: ['url'] }, then: { type: 'object', properties: { env: refusedSchema(ENV_ON_URL) } } },
      { if: { type: 'object', required: ['command'] }, then: { type: 'object', properties: { headers: refusedSchema(HEADERS_ON_COMMAND) } } },
    ],
  });
export type McpServer = z.infer<typeof McpServer>;

/** The plan's `mcp_servers:` section. */
export const McpServers = z
  .record(z.string().regex(MCP_SERVER_NAME_PATTERN, 'MCP server names use ASCII letters, digits, _ and - (at most 32)'), McpServer.meta({ description: 'One MCP server: a stdio `command` or a streamable HTTP `url`.' }))
  .meta({ description: "MCP servers by name; their tools join the plan as <server>__<tool>." });
export type McpServers = z.infer<typeof McpServers>;
