import type { OutboundPolicy } from './neutralise-outbound.ts';

/**
 * `neutraliseOutbound` with `policy` (`neutraliseRendered` for Markdown plan-runner rendered), loaded at first use: it brings GitHub's Markdown parser
 * (micromark with the GFM extensions), which a run that writes nothing to GitHub never needs.
 */
export async function loadNeutraliser(policy: OutboundPolicy, made: 'raw' | 'rendered' = 'raw'): Promise<(text: string) => string> {
  const { neutraliseOutbound, neutraliseRendered } = await import('./neutralise-outbound.ts');
  return made === 'raw' ? (text) => neutraliseOutbound(text, policy) : (text) => neutraliseRendered(text, policy);
}
