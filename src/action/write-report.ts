import type { Redactor } from '../core/redact.ts';
import type { FinalReport } from '../report/final-report.ts';
import { writeReportFile } from '../report/write-report-file.ts';
import { cutMarkdownBytes } from '../report/cut-text.ts';
import { SUMMARY_ROOM_BYTES } from '../report/summary/render-summary.ts';
import type { ActionIO } from './action-io.ts';

/** Saved (core.saveState) once the main step wrote the job summary and the report file: the post step never writes them twice. */
export const REPORTED_STATE = 'reported';

/**
 * A run's report, as every ending writes it (a finished run, a `/reject`, the post step's end of a
 * killed run): the report file, redacted (it is one of the files we keep, which no redacting channel
 * sees), and the job summary, which the redacting IO writes. Never throws: what cannot be written
 * is a warning that says where the report still is. Resolves to whether the report file was written:
 * the `report` output names it only then.
 */
export async function writeReport(report: FinalReport, file: string, io: ActionIO, redact: Redactor): Promise<boolean> {
  const unwritten = await writeReportFile(file, redact(report.markdown));
  if (unwritten) io.warning(`${unwritten.message}; the job summary still has it.`);
  await writeReportSummary(report, io, unwritten ? 'the log above has its checklist' : `the report is in ${file}`);
  return !unwritten;
}

/** The job summary alone; never throws. `where` says where else the report is, when the summary cannot take it. */
export async function writeReportSummary(report: FinalReport, io: ActionIO, where = 'the log above has what the run did'): Promise<void> {
  // The runner drops a summary over 1 MiB whole: the renderers keep within it, and this holds whatever they missed.
  const summary = cutMarkdownBytes(report.markdown, SUMMARY_ROOM_BYTES);
  try {
    if (!(await io.writeSummary(summary))) io.info(`No job summary here (GITHUB_STEP_SUMMARY is not set); ${where}.`);
  } catch (error) {
    io.warning(`Could not write the job summary: ${error instanceof Error ? error.message : String(error)}; ${where}.`);
  }
}
