/** One table of benchmark figures; every bench section returns these and `run.mjs` prints them. */
export interface BenchTable {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
  /** Lines printed under the table: what was measured, the target, caveats. */
  readonly notes?: readonly string[];
}

function cell(value: string | number): string {
  if (typeof value === 'string') return value;
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value.toFixed(Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 3);
}

/** The table as aligned plain text (Markdown-compatible, so it can be pasted into a note). */
export function formatTable(table: BenchTable): string {
  const rows = table.rows.map((row) => row.map(cell));
  const widths = table.columns.map((column, i) => Math.max(column.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    `### ${table.title}`,
    '',
    line(table.columns),
    `|${widths.map((w, i) => (i === 0 ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`,
    ...rows.map(line),
    ...(table.notes?.length ? ['', ...table.notes.map((note) => `- ${note}`)] : []),
    '',
  ].join('\n');
}

/** A table from an array of flat records (column names from the first record's keys). */
export function tableOfRecords(title: string, records: readonly Readonly<Record<string, unknown>>[]): BenchTable {
  const columns = Object.keys(records[0] ?? {});
  const rows = records.map((record) =>
    columns.map((column) => {
      const value = record[column];
      return typeof value === 'number' ? value : String(value);
    }),
  );
  return { title, columns, rows };
}
