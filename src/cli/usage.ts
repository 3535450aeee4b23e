/** The CLI's `--help` text; keep it true to `parse-cli-args.ts`. */
export const USAGE = `plan-runner — run LLM plan-and-execute workflows from a plan file

Usage:
  plan-runner validate <file>... [--model NAME] [--model-timeout-seconds S]
                                            check plan files; print a summary or the errors
                                            (starts each plan's mcp_servers to list their tools)
  plan-runner plan <file> [options]         write (when the plan has only a goal) and validate the
                                            plan, print it as a checklist and a Mermaid graph;
                                            runs no step (its mcp_servers are started to list
                                            their tools, then ended)
  plan-runner run <file> [options]          run a plan and print its live checklist
  plan-runner eval <file> [options]         run the plan N times (with injected faults, against
                                            baselines) and print success rate, goals, model
                                            calls, tokens, cost and duration per variant
  plan-runner --help | --version

Options for validate:
  --model NAME            model to use: replaces the plan's model.name (agents keep theirs);
                          give the one run gets, so max_cost_usd is checked with its price
  --model-timeout-seconds S  replaces every plan's model.timeout_seconds, as run's does: give
                          the one run gets, so a used plan's other wait is not refused

Options for run and plan:
  --input NAME=VALUE      a plan input (repeatable); VALUE is a number or true/false when
                          written as JSON writes one (42, true), else text, as in the action's
                          inputs; an input's default's kind wins (then VALUE must spell one);
                          an empty VALUE is the input not given (its default), as in the action
  --trace FILE            run only: write every event as JSON lines (default: .plan-runner/trace.jsonl)
  --weights-from TRACE    run only: a previous run's trace; ready steps start longest remaining
                          path first, weighing each step by how long it took there (a step it
                          does not know: the mean of those it does; without it, 1 each)
  --agent                 run only: run the task as one agent step that keeps its own TODO
                          list, with every tool the plan offers (the plan has no steps)
  --task TEXT             run only: the task in words: the goal of a plan without steps, or
                          with --agent the agent's task (default: the plan's goal)
  --summary FILE          write the markdown report (run default: .plan-runner/report.md;
                          plan: only when given)
  --resume TRACE          run only: reuse every completed step of that run's trace whose
                          definition and inputs are unchanged, and run the rest (ordered by
                          how long steps took there, unless --weights-from is given); a side
                          effect that ran (or may have) is never repeated
  --approve HASH          run only, with --resume: approve the steps that run paused
                          for (status awaiting-approval: exit 0, or 1 with required
                          goals), by the approval hash its summary shows; refused if the
                          plan file, a plan it uses or the --input values changed
  --record FILE           save every model exchange as JSON lines
  --replay FILE           answer model calls from a recording (no API key, no network)
  --base-url URL          OpenAI-compatible endpoint (default: https://api.openai.com/v1); no
                          user:password@ in it; ?api_key=… and other credential
                          query values are hidden like the key
  --model NAME            model to use: replaces the plan's model.name (agents keep theirs)
  --model-timeout-seconds S  seconds one model request waits for its answer, 1 to 1800
                          (default: the plan's model.timeout_seconds, else 120); a call
                          asks up to 4 times; raise it for a slow self-hosted endpoint
  --api-key-env NAME      read the API key from this variable (default: OPENAI_API_KEY);
                          a key is never taken on the command line

Options for eval (besides --input, --replay, --base-url, --model, --model-timeout-seconds, --api-key-env):
  --runs N                runs per variant, 1-1000 (default 5)
  --faults FILE           YAML list of faults to inject, e.g.
                          - { tool: fetch, fault: timeout, rate: 0.2 }
                          - { model: planner, fault: bad json, attempt: 1 }
  --seed S                seed for the fault draws (default 1): the same seed, the same faults
  --baseline NAME         also run react (a plain tool-calling loop) or full-history (every
                          step sees every earlier result); repeatable
  --answers FILE          answer model calls from a YAML file of scripted answers per caller
                          (planner, replanner, step:<id>, goal:<name>, react); no network
  --compare BASE_PLAN     evaluate BASE_PLAN too and report what got worse
  --min-success-rate R    fail (exit 1) when the plan succeeds in fewer than R (0 to 1) of runs;
                          without it, when no run succeeds (0: only measure)
  --max-cost-usd-per-run USD  fail (exit 1) when a run costs more than USD on average
  --max-turns N           turns the react baseline gets (default 20)
  --json FILE             write every figure and run as JSON
  --markdown FILE         write the table as Markdown
  --trace-dir DIR         write each plan run's trace (JSON lines) into DIR (react runs have none)

Exit codes:
  0  the plan is valid / the run succeeded and its required goals are met / it paused
     for approval and has no required goal
  1  invalid plan (or one the model could not write), failed, escalated or cancelled run,
     unmet required goals, or a pause before required goals were checked; eval: a
     threshold not met, no run of the plan succeeded, a regression against --compare,
     a fault rule that injected no fault, or nothing evaluated (no run started, or
     none got a model answer)
  2  usage error (an unknown option; an output path that is a file the command reads or
     another output; with run, plan and eval, an --input the plan does not declare, a
     VALUE its input's default's kind refuses, or a required input left out)
  130  a third Ctrl-C (SIGINT, SIGTERM, SIGHUP; Ctrl-Break on Windows): ended at once, the summary
       and trace possibly cut
`;
