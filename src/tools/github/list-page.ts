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
  /** What the list holds, one and several: `issue`, `issues`. */
  readonly one: string;
  readonly what: string;
  readonly narrow: string;
  /** How many results the whole list holds, when GitHub says (a search does). */
  readonly total?: number;
  /** The most results GitHub gives of the list whatever the page (a search: 1,000). */
  readonly reachable?: number;
}

/** Results `first` to `last` of the list, by their place in it: `issue 21`, `issues 21–40`. */
function heldRange(cut: ListCut, first: number, last: number): string {
  return first === last ? `${cut.one} ${groupDigits(first)}` : `${cut.what} ${groupDigits(first)}–${groupDigits(last)}`;
}

/**
 * The cut note of one page of a list that is not the whole of it, or undefined for a first page with nothing after
 * it: which results the page holds and the call that gives the others, so neither a model nor a goal that must read
 * the whole list takes a page for all of it. `more` says that results follow the page (GitHub's `next` link, or a
 * search's count). A page after the last holds none, and says where the list is.
 */
export function listPageNote(cut: ListCut, page: ListPage, shown: number, more: boolean): string | undefined {
  const first = (page.page - 1) * page.perPage + 1;
  const at = `page ${groupDigits(page.page)}`;
  if (!more) {
    if (page.page === 1 || cut.total === 0) return undefined;
    const before = page.page === 2 ? 'page 1 holds' : `pages 1–${groupDigits(page.page - 1)} hold`;
    const start = `call ${cut.tool} again with page: 1 for the first`;
    if (shown > 0) {
      const of = cut.total === undefined ? ', the last of the list' : ` of ${groupDigits(cut.total)}, the last`;
      return cutNote(`${at} holds ${heldRange(cut, first, first + shown - 1)}${of}; ${before} ${heldRange(cut, 1, first - 1)}: ${start}`);
    }
    if (cut.total === undefined) return cutNote(`${at} holds no ${cut.what}: the list ends before it; ${start}`);
    const last = Math.ceil(cut.total / page.perPage);
    const where = last === 1 ? 'page 1' : `pages 1–${groupDigits(last)}`;
    return cutNote(`${at} holds no ${cut.what}: all ${groupDigits(cut.total)} are on ${where} at per_page ${page.perPage}; ${start}`);
  }
  const held =
    shown === 0
      ? cut.total === undefined ? `no ${cut.what}, but more follow` : `none of the ${groupDigits(cut.total)} ${cut.what}`
      : `${heldRange(cut, first, first + shown - 1)}${cut.total === undefined ? ', and more follow' : ` of ${groupDigits(cut.total)}`}`;
  const next = page.page * page.perPage + 1;
  const wider = page.perPage < 100 ? ` (per_page up to 100 gives more at once)` : '';
  const how =
    cut.reachable !== undefined && next > cut.reachable
      ? `GitHub gives only the first ${groupDigits(cut.reachable)}; ${cut.narrow} to reach the others`
      : `call ${cut.tool} again with page: ${page.page + 1} for the next${wider}, or ${cut.narrow}`;
  return cutNote(`${at} holds ${held}; ${how}`);
}
