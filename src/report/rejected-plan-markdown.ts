import { problemCount, type PlanError } from '../plan/plan-error.ts';
import { groupDigits } from '../core/group-digits.ts';
import { fencedBlock, inlineCode } from '../core/code-fence.ts';
import { escapeMarkdown } from './markdown/escape-markdown.ts';
import type { RejectedPlan } from '../planner/plan-attempt.ts';
import { pushAll } from '../core/push-all.ts';

type Redact = (text: string) => string;

// The path quotes keys the model wrote, backticks included: a code span no key can close.
function errorLine(error: PlanError, redact: Redact): string {
  return `- ${error.path ? `${inlineCode(redact(error.path))}: ` : ''}${escapeMarkdown(redact(error.message))}`;
}

function shown(attempt: RejectedPlan['attempts'][number]): { text: string; language: string } {
  if (attempt.steps) return { text: JSON.stringify({ steps: attempt.steps }, null, 2), language: 'json' };
  return { text: attempt.answer || '(empty answer)', language: 'text' };
}

/**
 * The model's rejected plan for the job summary: each answer (the plan, then the repair) with the
 * errors validation found, so a reader sees what the model proposed and why nothing ran.
 */
export function renderRejectedPlan(rejected: RejectedPlan, redact: Redact): string {
  const count = rejected.attempts.length;
  const lines = [
    '### The plan the model wrote',
    '',
    count > 1
      ? 'The planner wrote a plan, was shown what was wrong with it, and wrote it again; neither passed validation, so no step ran.'
      : 'The planner wrote a plan that did not pass validation, and no step ran.',
  ];
  rejected.attempts.forEach((attempt, index) => {
    const { text, language } = shown(attempt);
    const title = count > 1 ? (index === 0 ? 'First answer' : 'After the repair call') : 'Answer';
    const problems = problemCount(attempt.errors);
    lines.push('', `#### ${title} — ${groupDigits(problems)} problem${problems === 1 ? '' : 's'}`, '', fencedBlock(redact(text), language), '');
    pushAll(lines, attempt.errors.map((error) => errorLine(error, redact)));
  });
  return `${lines.join('\n')}\n`;
}
