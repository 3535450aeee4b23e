// An ESLint rule of plan-runner's own, which eslint.config.js turns on for src/.
import type { Rule } from 'eslint';
import type { Expression, Node, TemplateLiteral } from 'estree';

/** The methods that cut a string by UTF-16 units. */
const CUTS = new Set(['slice', 'substring', 'substr']);

/** Whether `node` is `x.slice(…)`, `x.substring(…)` or `x.substr(…)` at an index that `keptUnits` did not choose. */
function isRawCut(node: Node): boolean {
  if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression' || node.callee.property.type !== 'Identifier') return false;
  const kept = node.arguments.some((argument) => argument.type === 'CallExpression' && argument.callee.type === 'Identifier' && argument.callee.name === 'keptUnits');
  return CUTS.has(node.callee.property.name) && !kept;
}

/**
 * The expressions of a template literal that a `…` marks as cut text: `${text.slice(0, n)}…` or `…${text.slice(-n)}`.
 * A cut by UTF-16 units can fall between the halves of an emoji, and the half left shows as U+FFFD (or GitHub
 * refuses the write); `cutText`, `cutTextStart` and `keptUnits` (src/core/cut-text.ts) cut between characters.
 */
export function rawTextCuts(node: TemplateLiteral): Expression[] {
  return node.expressions.filter((expression, index) => {
    if (!isRawCut(expression)) return false;
    const before = node.quasis[index]!.value.cooked ?? '';
    const after = node.quasis[index + 1]!.value.cooked ?? '';
    return before.endsWith('…') || after.startsWith('…');
  }) as Expression[];
}

/** The ESLint rule: reports each raw cut `rawTextCuts` finds. */
export const noRawTextCut: Rule.RuleModule = {
  meta: { type: 'problem', messages: { cut: 'a cut by UTF-16 units can split an emoji (U+FFFD on GitHub): use cutText, cutTextStart or keptUnits (src/core/cut-text.ts)' } },
  create(context) {
    return {
      TemplateLiteral(node) {
        for (const cut of rawTextCuts(node)) context.report({ node: cut, messageId: 'cut' });
      },
    };
  },
};
