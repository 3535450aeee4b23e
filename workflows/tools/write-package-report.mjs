// write_package_report: {"packages": [...], "reviews": [...]} → a Markdown report, one line per
// package; a review that is null (its check failed) is reported as not checked, not dropped.
import { readInput } from './tool-io.mjs';

const { packages, reviews } = readInput();
const lines = ['## Package review', ''];
let flagged = 0;
packages.forEach((entry, index) => {
  const review = reviews[index];
  if (review === null || review === undefined) lines.push(`- ${entry.name}: not checked (its check failed; see the run's summary)`);
  else if (review.problems.length === 0) lines.push(`- ${entry.name} ${review.version}: no problems`);
  else {
    flagged += 1;
    lines.push(`- ${entry.name} ${review.version}: ${review.problems.join('; ')}`);
  }
});
const unchecked = reviews.filter((review) => review === null).length;
lines.push('', `${flagged} of ${packages.length} packages need attention${unchecked ? `; ${unchecked} could not be checked` : ''}.`);
process.stdout.write(`${lines.join('\n')}\n`);
