// search(query): the sample index's best matches as [{url, title, snippet}].
import { readArgs, search } from './web-io.mjs';

process.stdout.write(JSON.stringify(search(readArgs().query).slice(0, 3)));
