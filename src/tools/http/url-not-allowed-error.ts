import { StepError } from '../../core/step-error.ts';

/** An http tool was asked for (or redirected to) a URL the plan's `http.allow` list does not cover. */
export class UrlNotAllowedError extends StepError {
  readonly url: string;
  readonly reason: string;

  constructor(toolName: string, url: string, reason: string, redirectedFrom?: string, advice = 'Add the prefix to http.allow in the plan if it is needed.') {
    const via = redirectedFrom === undefined ? '' : ` (redirected from ${redirectedFrom})`;
    super(`${toolName}: refused ${url}${via}: ${reason}. ${advice}`, {
      transient: false,
      toolName,
    });
    this.url = url;
    this.reason = reason;
  }
}
