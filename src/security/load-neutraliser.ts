import type { Redactor } from '../core/redact.ts';
import type { OutboundPolicy } from './neutralise-outbound.ts';

/**
 * `neutraliseOutbound` with `policy` (`neutraliseRendered` for Markdown plan-runner rendered), loaded at first use: it brings GitHub's Markdown parser
 * (micromark with the GFM extensions), which a run that writes nothing to GitHub never needs.
 * Its text is redacted last, after the neutraliser: taking out HTML and decoding character references
 * can join a secret's pieces that the redactor saw apart (`ghp_ab<!-- -->cd`, `&#x65;`), and a
 * GitHub write is where they would be read (found by an adversarial pass). Every text plan-runner
 * writes to GitHub goes through here.
 */
export async function loadNeutraliser(policy: OutboundPolicy, redact: Redactor, made: 'raw' | 'rendered' = 'raw'): Promise<(text: string) => string> {
  const { neutraliseOutbound, neutraliseRendered } = await import('./neutralise-outbound.ts');
  return made === 'raw' ? (text) => redact(neutraliseOutbound(text, policy)) : (text) => redact(neutraliseRendered(text, policy));
}
