/** The CLI's `--help` text; keep it true to `parse-cli-args.ts`. */
export const USAGE = `plan-runner — run LLM plan-and-execute workflows from a plan file

Usage:
  plan-runner validate <file>...            check plan files; print a summary or the errors
  plan-runner run <file> [options]          run a plan and print its live checklist
  plan-runner plan <file> [options]         write (when the plan has only a goal) and validate the
                                            plan, print it as a checklist and a Mermaid graph;
                                            runs nothing
  plan-runner --help | --version

Options for run and plan:
  --input NAME=VALUE      a plan input (repeatable); VALUE is text
  --trace FILE            run only: write every event as JSON lines (default: .plan-runner/trace.jsonl)
  --summary FILE          write the markdown report (run default: .plan-runner/report.md;
                          plan: only when given)
  --record FILE           save every model exchange as JSON lines
  --replay FILE           answer model calls from a recording (no API key, no network)
  --base-url URL          OpenAI-compatible endpoint (default: https://api.openai.com/v1)
  --model NAME            model to use: replaces the plan's model.name (agents keep theirs)
  --api-key-env NAME      read the API key from this variable (default: OPENAI_API_KEY);
                          a key is never taken on the command line

Exit codes:
  0  the plan is valid / the run succeeded and its required goals are met
  1  invalid plan (or one the model could not write), failed, escalated or cancelled run,
     or unmet required goals
  2  usage error
`;
