import path from 'node:path';

/** Where one plan's report (the job summary's Markdown) and JSON-lines trace are written. */
export interface ReportPaths {
  readonly report: string;
  readonly trace: string;
}

/** Paths under `outputDir` named after the plan path, so two plans in one job keep their own files. */
export function reportPaths(outputDir: string, planPath: string): ReportPaths {
  const slug = planPath.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 100) || 'plan';
  return {
    report: path.join(outputDir, `${slug}.report.md`),
    trace: path.join(outputDir, `${slug}.trace.jsonl`),
  };
}
