import { isUnderPrefix } from './url-allow-list.ts';

/** What text written to GitHub on the plan's behalf may keep. */
export interface OutboundPolicy {
  /** Keep `@user` and `@org/team` mentions live (they notify people). Default false. */
  readonly allowMentions?: boolean;
  /** Keep `#123` and `GH-123` cross-references live (they link and notify the other issue). Default false. */
  readonly allowReferences?: boolean;
  /** URL prefixes that stay links; any other URL is shown as code, not as a link. */
  readonly allowUrls?: readonly string[];
}

/** U+200B after `@` or `#`: GitHub no longer sees a mention or a reference, a reader sees no change. */
const BREAK = '\u200B';
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g;
const DESTINATION = String.raw`(<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)`;
const TITLE = String.raw`(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?`;
// One pass over prose: inline code (kept), images, links, autolinks, bare URLs.
const INLINE = new RegExp(
  [
    String.raw`(?<code>(?<ticks>\x60+)[\s\S]*?[^\x60]\k<ticks>(?!\x60))`,
    String.raw`(?<image>!)?\[(?<text>(?:\\.|[^\]\\\n])*)\]\(\s*${DESTINATION}${TITLE}\s*\)`,
    String.raw`<(?<auto>(?:https?|ftp|mailto):[^<>\s]*)>`,
    String.raw`(?<bare>\b(?:https?:\/\/|www\.)[^\s<>\x60]*[^\s<>\x60.,;:!?'")\]])`,
  ].join('|'),
  'gi',
);
const DEFINITION = /^( {0,3})\[([^\]\n]+)\]:[ \t]*(<[^<>\n]*>|\S+)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*$/gm;

function allowed(raw: string, prefixes: readonly string[]): boolean {
  const target = raw.replace(/^<|>$/g, '');
  if (target.startsWith('#') && !target.startsWith('#/')) return true; // an anchor on the same page
  let url: URL;
  try {
    url = new URL(target.startsWith('www.') ? `https://${target}` : target);
  } catch {
    return false; // relative or malformed: could point anywhere on github.com
  }
  if (url.username !== '' || url.password !== '') return false;
  return prefixes.some((prefix) => {
    try {
      return isUnderPrefix(url, new URL(prefix));
    } catch {
      return false;
    }
  });
}

/** A URL as inline code: GitHub neither links nor loads it. */
function asText(raw: string): string {
  return `\`${raw.replace(/^<|>$/g, '').replace(/`/g, '')}\``;
}

function stripHtml(text: string): string {
  let out = text;
  let before: string;
  do {
    before = out;
    out = out.replace(HTML_COMMENT, '').replace(HTML_TAG, '');
  } while (out !== before);
  return out;
}

function prose(text: string, prefixes: readonly string[]): string {
  const withoutHtml = stripHtml(text).replace(DEFINITION, (line, indent: string, _id: string, url: string) =>
    allowed(url, prefixes) ? line : `${indent}${asText(url)}`,
  );
  return withoutHtml.replace(INLINE, (match, ...rest: unknown[]) => {
    const groups = rest.at(-1) as Record<string, string | undefined>;
    if (groups['code'] !== undefined) return match;
    if (groups['auto'] !== undefined) return allowed(groups['auto'], prefixes) ? match : asText(groups['auto']);
    if (groups['bare'] !== undefined) return allowed(groups['bare'], prefixes) ? match : asText(groups['bare']);
    const destination = rest[4] as string;
    if (allowed(destination, prefixes)) return match;
    const label = groups['text'] ?? '';
    return groups['image'] ? asText(destination) : `${label} (${asText(destination)})`;
  });
}

/** Splits Markdown into prose and fenced code blocks (GitHub links nothing inside the latter). */
function segments(text: string): Array<{ code: boolean; text: string }> {
  const lines = text.split(/(?<=\n)/);
  const out: Array<{ code: boolean; text: string }> = [];
  let fence: string | undefined;
  for (const line of lines) {
    const open = FENCE_OPEN.exec(line)?.[1];
    const code = fence !== undefined || open !== undefined;
    if (fence === undefined && open !== undefined) fence = open;
    else if (fence !== undefined && new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*\\r?\\n?$`).test(line)) fence = undefined;
    const last = out.at(-1);
    if (last && last.code === code) last.text += line;
    else out.push({ code, text: line });
  }
  return out;
}

/**
 * Text the model wrote, made safe to post on GitHub: HTML removed, links and images whose URL is
 * not under an allowed prefix turned into plain code (no link, no tracking image), and — unless
 * the policy allows them — `@mentions` and `#123`/`GH-123` references broken with an invisible
 * U+200B so nobody is notified and no issue is linked. Fenced code is left as written, but
 * mentions and references are broken there too, since a misplaced fence must not reopen them.
 */
export function neutraliseOutbound(text: string, policy: OutboundPolicy = {}): string {
  const prefixes = policy.allowUrls ?? [];
  let out = segments(text)
    .map((segment) => (segment.code ? segment.text : prose(segment.text, prefixes)))
    .join('');
  if (!policy.allowMentions) out = out.replace(/(?<![A-Za-z0-9_.+-])@(?=[A-Za-z0-9])/g, `@${BREAK}`);
  if (!policy.allowReferences) out = out.replace(/#(?=\d)/g, `#${BREAK}`).replace(/\b(GH-)(?=\d)/gi, `$1${BREAK}`);
  return out;
}
