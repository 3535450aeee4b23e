// repo_stats: {"repository": "octo/web"} → issue, bug and pull request counts, last release and CI
// state for one repository, from the sample data (a stand-in for the GitHub API).
import { fail, loadSampleData, readInput, respond } from './tool-io.mjs';

const { repository } = readInput();
const data = loadSampleData('repositories.json');
if (!Object.hasOwn(data, repository)) fail(`no data for ${JSON.stringify(repository)}; known: ${Object.keys(data).join(', ')}`);
respond({ repository, ...data[repository] });
