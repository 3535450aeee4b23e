import type { Redactor } from '../core/redact.ts';
import type { OutboundPolicy } from './neutralise-outbound.ts';

/**
 * `neutraliseOutbound` with `policy` (`neutraliseRendered` for Markdown plan-runner rendered, `neutraliseTitle` for a title GitHub shows as plain text), loaded at first use: it brings GitHub's Markdown parser
 * (micromark with the GFM extensions), which a run that writes nothing to GitHub never needs.
 * Its text is redacted last, after the neutraliser: taking out HTML and decoding character references
 * can join a secret's pieces that the redactor saw apart (`ghp_ab<!-- -->cd`, `&#x65;`), and a
 * GitHub write is where they would be read (found by an adversarial pass). Every text plan-runner
 * writes to GitHub goes through here.
 */
export async function loadNeutraliser(policy: OutboundPolicy, redact: Redactor, made: 'raw' | 'rendered' | 'title' = 'raw'): Promise<(text: string) => string> {
  const { neutraliseOutbound, neutraliseRendered, neutraliseTitle } = await import('./neutralise-outbound.ts');
  const neutralise = { raw: neutraliseOutbound, rendered: neutraliseRendered, title: neutraliseTitle }[made];
  return (text) => redact(neutralise(text, policy));
}
