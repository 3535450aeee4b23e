// join_lines: {"title": "...", "lines": ["...", …]} → a Markdown report: the title, then one bullet per line.
import { readInput } from './tool-io.mjs';

const { title, lines } = readInput();
process.stdout.write(`## ${title}\n\n${lines.map((line) => `- ${line}`).join('\n')}\n`);
