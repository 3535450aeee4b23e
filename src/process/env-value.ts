import { z } from 'zod';

const TEMPLATE = /\$\{([^{}]*)\}/g;
const ENV_BODY = /^env\.[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The values envValue takes, as a JSON Schema pattern for plan.schema.json: every `${` opens an `${env.NAME}`, and no NUL.
 * (`$` before anything but `{` is text; each alternative starts with its own character, so it runs in linear time.)
 */
export const ENV_VALUE_PATTERN = '^(?:[^$\\u0000]|\\$(?!\\{)|\\$\\{env\\.[A-Za-z_][A-Za-z0-9_]*\\})*$';

/**
 * A value a plan gives a process's variable or an MCP server's header: text, in which every `${…}`
 * reads a runner variable as `${env.NAME}` (`expandEnvReferences`). Any other `${…}` was passed on as
 * written: `${env.}`, `${env.MY-VAR}`, `${HOME}` and `${inputs.week}` reached the tool as those very
 * characters, and nothing said so. A NUL byte is refused.
 */
export function envValue() {
  return z
    .string()
    .superRefine((value, ctx) => {
      // No variable or header can carry one: validate said ok, and the start failed with ERR_INVALID_ARG_VALUE
      // blamed on the command (found by an adversarial pass).
      if (value.includes('\0')) {
        ctx.addIssue({ code: 'custom', message: 'a variable\'s or header\'s value cannot hold a NUL byte (\\0)' });
        return;
      }
      for (const [whole, body] of value.matchAll(TEMPLATE)) {
        if (ENV_BODY.test(body!)) continue;
        const message = /^\s*(?:steps?|inputs?|results?|item)\b/.test(body!)
          ? `\`${whole}\` reads nothing here: these values read runner variables only (\${env.NAME}); give a run input or a step result to the tool as an argument`
          : `\`${whole}\` reads nothing: write \${env.NAME} to read a runner variable (NAME of ASCII letters, digits and _, not starting with a digit)`;
        ctx.addIssue({ code: 'custom', message });
        return;
      }
      // An opening no `}` closes (found by a hunt for bad inputs: `${env.B` reached the tool as those characters, where an
      // argument's is refused). Checked after the whole ones, which a `${` inside them (`${env.${A}`) would also show.
      const opened = value.replace(TEMPLATE, '').indexOf('${');
      if (opened !== -1) {
        const shown = value.replace(TEMPLATE, '').slice(opened, opened + 40);
        ctx.addIssue({ code: 'custom', message: `\`${shown}\` has no closing \`}\`, so it reads nothing and would be passed on as written; write \${env.NAME}` });
      }
    })
    // An editor cannot run the refinement: the same rule as a pattern.
    .meta({ pattern: ENV_VALUE_PATTERN });
}
