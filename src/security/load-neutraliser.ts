import type { OutboundPolicy } from './neutralise-outbound.ts';

/**
 * `neutraliseOutbound` with `policy`, loaded at first use: it brings GitHub's Markdown parser
 * (micromark with the GFM extensions), which a run that writes nothing to GitHub never needs.
 */
export async function loadNeutraliser(policy: OutboundPolicy): Promise<(text: string) => string> {
  const { neutraliseOutbound } = await import('./neutralise-outbound.ts');
  return (text) => neutraliseOutbound(text, policy);
}
