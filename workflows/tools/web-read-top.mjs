// read_top(query): search, then the text of the best match.
import { pages, readArgs, search } from './web-io.mjs';

const [top] = search(readArgs().query);
if (!top) {
  process.stderr.write('read_top: no results\n');
  process.exit(1);
}
process.stdout.write(pages()[top.url]?.text ?? '');
