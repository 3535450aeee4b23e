// fetch(url): a sample page's text; an unknown URL is a 404 (exit 1: a permanent failure).
import { pages, readArgs } from './web-io.mjs';

const { url } = readArgs();
const page = pages()[url];
if (!page) {
  process.stderr.write(`fetch ${url}: 404 not found\n`);
  process.exit(1);
}
process.stdout.write(page.text);
