import type { RunRecord } from '../../core/run-record.ts';
import { escapeInlineMarkdown } from '../markdown/escape-markdown.ts';
import { cutText } from '../cut-text.ts';

function keys(list: readonly string[]): string {
  return list.length ? list.map((k) => escapeInlineMarkdown(k)).join(', ') : '—';
}

/** The plan's revisions (what was replaced by what, and why), or '' when it was never revised. */
export function renderSummaryRevisions(record: RunRecord, redact: (text: string) => string): string {
  if (record.revisions.length === 0) return '';
  const rows = record.revisions.map(
    (r) => `| ${r.revision} | ${keys(r.replaced)} | ${keys(r.added)} | ${escapeInlineMarkdown(cutText(redact(r.reason), 1000))} |`,
  );
  return ['### Plan revisions', '', '| Revision | Replaced | Added | Why |', '| ---: | --- | --- | --- |', ...rows].join('\n');
}
