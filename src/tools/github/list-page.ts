import { cutNote } from '../../core/cut-note.ts';
import { groupDigits } from '../../core/group-digits.ts';

/** The page of a GitHub list a call asks for. */
export interface ListPage {
  readonly perPage: number;
  readonly page: number;
}

/** The arguments every github list tool takes for its page. */
export const LIST_PAGE_PROPERTIES = {
  per_page: { type: 'integer', minimum: 1, maximum: 100, description: 'Results per page (default 30, at most 100)' },
  page: { type: 'integer', minimum: 1, description: 'Page number, from 1' },
} as const;

function positive(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

/** The page a call's `per_page` and `page` ask for (30 a page and the first when not given; never more than 100 a page). */
export function listPageOf(args: Record<string, unknown>): ListPage {
  // The page asked for: one cut to a maximum was another page, given as the one asked for.
  return { perPage: positive(args.per_page, 30, 100), page: positive(args.page, 1) };
}

/** Whether a GitHub list answer's `Link` header names a page after it. */
export function hasNextPage(headers: { readonly link?: string }): boolean {
  return /rel="next"/.test(headers.link ?? '');
}

/** What a list tool's cut note says of the list: its tool, what it lists, and how to narrow the call. */
export interface ListCut {
  readonly tool: string;
  readonly what: string;
  readonly narrow: string;
  /** How many results the whole list holds, when GitHub says (a search does). */
  readonly total?: number;
  /** The most results GitHub gives of the list whatever the page (a search: 1,000). */
  readonly reachable?: number;
}

/**
 * The cut note of one page of a list more results follow: which results the page holds and the call that gives the
 * next page, so neither a model nor a goal that must read the whole list takes a page for all of it.
 */
export function nextPageNote(cut: ListCut, page: ListPage, shown: number): string {
  const first = (page.page - 1) * page.perPage + 1;
  const held = shown === 0 ? `no ${cut.what}` : `${cut.what} ${groupDigits(first)}–${groupDigits(first + shown - 1)}`;
  const of = cut.total === undefined ? ', and more follow' : ` of ${groupDigits(cut.total)}`;
  const next = page.page * page.perPage + 1;
  const wider = page.perPage < 100 ? ` (per_page up to 100 gives more at once)` : '';
  const how =
    cut.reachable !== undefined && next > cut.reachable
      ? `GitHub gives only the first ${groupDigits(cut.reachable)}; ${cut.narrow} to reach the others`
      : `call ${cut.tool} again with page: ${page.page + 1} for the next${wider}, or ${cut.narrow}`;
  return cutNote(`page ${page.page} holds ${held}${of}; ${how}`);
}
