import { z } from 'zod';

export type AllowedBotsResult = { readonly ok: true; readonly bots: readonly string[] } | { readonly ok: false; readonly message: string };

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

/**
 * Parses the `allowed-bots` input: logins separated by commas or new lines, each exactly as
 * GitHub shows it (`dependabot[bot]`). A wildcard is an error: letting every bot start a run would
 * let any installed app drive the model with the repository's token.
 */
export function parseAllowedBots(text: string): AllowedBotsResult {
  const bots = text
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const bot of bots) {
    if (bot.includes('*')) return { ok: false, message: `'${bot}' is a wildcard; list each bot by its exact login, e.g. dependabot[bot]` };
    // No login holds a space: a list separated by spaces (as eval-baselines takes one) is told how to separate it.
    if (/\s/.test(bot)) return { ok: false, message: `'${bot}' is not a GitHub login: separate bots with commas or new lines, e.g. dependabot[bot], renovate[bot]` };
    if (!LOGIN.test(bot)) return { ok: false, message: `'${bot}' is not a GitHub login; write bots as they appear on GitHub, e.g. dependabot[bot]` };
  }
  return { ok: true, bots: [...new Set(bots)] };
}

/** The `allowed-bots` input as a zod schema for the action's inputs: a string in, the list of logins out. */
export const AllowedBotsInput = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const parsed = parseAllowedBots(text ?? '');
    if (parsed.ok) return parsed.bots;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });
