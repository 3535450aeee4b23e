import { allowedSpellings, labelsRefused } from './allowed-labels.ts';
import type { GithubWrites } from './github-writes.ts';
import { CAPPED_WRITES, passedCap, type WriteCounts, type WriteKind } from './write-caps.ts';
import { loadNeutraliser } from '../../security/load-neutraliser.ts';
import type { OutboundPolicy } from '../../security/neutralise-outbound.ts';
import { WriteRefusedError } from '../../security/write-refused-error.ts';
import { StepError } from '../../core/step-error.ts';
import type { Redactor } from '../../core/redact.ts';
import { wellFormed } from '../../core/well-formed.ts';

/** A write call the run this one resumes made (succeeded, or may have landed): by its tool and idempotency key. */
export interface EarlierWrite {
  readonly tool: string;
  readonly key: string;
}

/**
 * What one run's github writes may still do, from the plan's `github.writes`: counts writes per
 * kind against their caps, checks labels against the list, and neutralises the text written.
 * One instance per run; every write tool of the run shares it.
 */
export class WriteAllowance {
  readonly #writes: GithubWrites;
  readonly #outbound: OutboundPolicy;
  readonly #redact: Redactor;
  readonly #used: Record<WriteKind, number> = { issue: 0, comment: 0 };
  /** The calls (by idempotency key) whose write `#used` counts: the run makes a call again only when it found no effect of it. */
  readonly #counted = new Set<string>();
  /** Of those, the writes of the run this one resumes, by key: a refusal says they were that run's, not this one's. */
  readonly #earlier = new Map<string, WriteKind>();

  /**
   * `repositoryUrl` (e.g. https://github.com/octo/demo/) is always an allowed link target; `redact` is the run's, applied after the neutraliser;
   * `repositories` (`owner/name`: the run's and `github.allow_repos`) the only ones an `owner/name#123` reference may name;
   * `earlier` the writes of the run this one resumes, counted as this run's: a re-run does not write the caps' worth again.
   */
  constructor(redact: Redactor, writes: GithubWrites = {}, repositoryUrl?: string, repositories: readonly string[] = [], earlier: readonly EarlierWrite[] = []) {
    this.#redact = redact;
    this.#writes = writes;
    for (const { tool, key } of earlier) {
      const kind = Object.hasOwn(CAPPED_WRITES, tool) ? CAPPED_WRITES[tool] : undefined;
      if (kind === undefined || this.#counted.has(key)) continue;
      this.#used[kind] += 1;
      this.#counted.add(key);
      this.#earlier.set(key, kind);
    }
    this.#outbound = {
      allowMentions: writes.allow_mentions ?? false,
      allowReferences: writes.allow_references ?? false,
      referenceRepos: repositories,
      allowUrls: [...(repositoryUrl ? [repositoryUrl] : []), ...(writes.allow_urls ?? [])],
    };
  }

  /**
   * Takes one write of `kind`, or throws WriteRefusedError when the cap is reached. A call already counted (`key`, its
   * idempotency key) takes none: the run makes it again only once it found no effect of it, so it writes once at most.
   */
  take(kind: WriteKind, toolName: string, key?: string): void {
    if (key !== undefined && this.#counted.has(key)) return;
    const used = this.#used[kind];
    const passed = passedCap(this.#writes, kind, used + 1);
    if (passed !== undefined) {
      throw new WriteRefusedError({ toolName, rule: passed.field, problem: `${passed.rule}, and ${used} ${used === 1 ? 'was' : 'were'} already written${this.#byEarlierRun(kind, used)}` });
    }
    this.#used[kind] += 1;
    if (key !== undefined) this.#counted.add(key);
  }

  /** The writes of each kind counted so far (the run's, and those of the run it resumes): what a replan's steps are checked after. */
  written(): WriteCounts {
    return { ...this.#used };
  }

  /** Gives back a write of `kind` taken by `take` that GitHub refused: it wrote nothing, and the cap counts what was written. */
  giveBack(kind: WriteKind, key?: string): void {
    if (key !== undefined && !this.#counted.delete(key)) return;
    if (key !== undefined) this.#earlier.delete(key);
    if (this.#used[kind] > 0) this.#used[kind] -= 1;
  }

  /**
   * How many of the `used` writes of `kind` the run this one resumes made, in words (`, by the run this one resumes`), or
   * '': counted without a word, a re-run that wrote nothing was told writes were "already written" and looked for them in its own log.
   */
  #byEarlierRun(kind: WriteKind, used: number): string {
    let earlier = 0;
    for (const each of this.#earlier.values()) if (each === kind) earlier++;
    if (earlier === 0) return '';
    return `, ${earlier === used ? '' : `${earlier} of them `}by the run this one resumes (a resumed run counts its writes)`;
  }

  /**
   * The labels as the plan's list spells them; throws WriteRefusedError unless every one is in it (compared as GitHub
   * does, ignoring case).
   */
  checkLabels(labels: readonly string[], toolName: string): string[] {
    const problem = labelsRefused(this.#writes.labels, labels);
    if (problem !== undefined) throw new WriteRefusedError({ toolName, rule: 'labels', problem });
    return allowedSpellings(this.#writes.labels, labels);
  }

  /**
   * `text` with HTML, foreign links, mentions and references neutralised as the plan says. Secrets are gone
   * before any tool runs (`redactingTools`), and again after the neutraliser, which may join a secret's pieces.
   */
  async text(text: string, kind: 'title' | 'body' = 'body'): Promise<string> {
    // As the client sends it (half a character as U+FFFD): a look for what a write made compares GitHub's text with this.
    const written = wellFormed((await loadNeutraliser(this.#outbound, this.#redact))(text));
    // A title answers no paused run (only a comment's body does): its `/approve` is shown as written, not escaped.
    return kind === 'title' ? written.replace(/^(\s*)\\\/(?=approve|reject)/i, '$1/') : written;
  }

  /**
   * `text` neutralised, refused when that makes it longer than GitHub takes (`limit.max` characters): a
   * broken mention or reference gains a character, a code fence grows with the text's longest run of
   * backticks, so text within the limit as written can pass it (a 256-character title of mentions
   * became 341), and GitHub's 422 would still use up the write the cap allows.
   */
  async fittedText(text: string, limit: { readonly max: number; readonly what: string; readonly toolName: string }): Promise<string> {
    const written = await this.text(text, limit.what === 'title' ? 'title' : 'body');
    // Characters as the schema's maxLength counts them (code points: an emoji is one), not UTF-16 units.
    if (written.length <= limit.max) return written;
    const length = codePoints(written);
    if (length <= limit.max) return written;
    const given = codePoints(text);
    const grew = given <= limit.max ? `, ${length - given} more than as given, as mentions, references and links are neutralised` : '';
    throw new StepError(`${limit.toolName}: the ${limit.what} is ${length} characters once written${grew}, more than the ${limit.max} GitHub takes; write a shorter one`, { transient: false, toolName: limit.toolName });
  }
}

/** How many code points `text` holds. */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
