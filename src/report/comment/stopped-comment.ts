import { cutMarkdown } from '../cut-text.ts';
import { STOPPED_TODO_ICON } from '../todo-entries.ts';
import { COMMENT_MAX_CHARS } from './render-comment.ts';

const RUNNING_HEADER = '### ⏳ plan-runner: ';
/** A checklist line, a step's or one nested under it, that was under way: `- ⏳ 2. title`. */
const RUNNING_LINE = /^([ \t]*- )⏳/u;
const RUN_LINK = /^\[View the run\]\((.*)\) · full results in the job summary$/u;

/** A workflow run's URL without its attempt (`…/runs/77/attempts/2`): the comment of an earlier attempt of the same run is that run's too. */
function runOf(url: string): string {
  const attempt = url.lastIndexOf('/attempts/');
  return attempt < 0 ? url : url.slice(0, attempt);
}

/**
 * A live comment left at ⏳ by a run that will write to it no more (its main step killed with no post step
 * able to end it from the trace, a fanned-out run's merge job refused), told as it is: the header shows `icon`,
 * each line that was under way ⏹️ (it did not complete; ⬜ lines never started, and stay so), and `note` stands
 * above the run's link. Undefined when `body` is not a comment of the workflow run at `runUrl` still at ⏳
 * (finished, or another run's since): it is left as it is.
 */
export function stoppedCommentBody(body: string, runUrl: string, icon: string, note: string): string | undefined {
  if (!runUrl) return undefined;
  const lines = body.split('\n');
  const header = lines.findIndex((line) => line.startsWith(RUNNING_HEADER));
  const link = lines.findIndex((line) => runOf(RUN_LINK.exec(line)?.[1] ?? '') === runOf(encodeURI(runUrl)));
  if (header < 0 || link < header) return undefined;
  const before = lines.slice(0, link).map((line, index) => (index === header ? line.replace('⏳', icon) : line.replace(RUNNING_LINE, `$1${STOPPED_TODO_ICON}`)));
  const after = `\n\n${note}\n\n${lines.slice(link).join('\n')}`;
  // ⏹️ is longer than ⏳: a comment rendered to the limit keeps its end (the link, the hidden state) and loses checklist lines.
  return `${cutMarkdown(before.join('\n').trimEnd(), COMMENT_MAX_CHARS - after.length)}${after}`;
}
