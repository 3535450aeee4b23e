import { StepError } from '../../core/step-error.ts';
import { shownUrl } from './shown-url.ts';

/** An http tool refused a URL it was asked for or redirected to: outside the plan's `http.allow`, or against its redirect rules. */
export class UrlNotAllowedError extends StepError {
  readonly url: string;
  readonly reason: string;

  /**
   * `redirectedFrom`: the URL whose answer pointed here. `advice`: what to do instead, when widening
   * `http.allow` in the plan (the default advice) would not help.
   */
  constructor(toolName: string, url: string, reason: string, options: { readonly redirectedFrom?: string; readonly advice?: string } = {}) {
    const via = options.redirectedFrom === undefined ? '' : ` (redirected from ${shownUrl(options.redirectedFrom)})`;
    const advice = options.advice ?? 'Add the prefix to http.allow in the plan if it is needed.';
    super(`${toolName}: refused ${shownUrl(url)}${via}: ${reason}. ${advice}`, {
      transient: false,
      toolName,
      // A redirect is an answer: the request it answers was sent, and may have taken effect (a POST answered 303).
      effectUnknown: options.redirectedFrom !== undefined,
    });
    this.url = url;
    this.reason = reason;
  }
}
