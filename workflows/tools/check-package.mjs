// check_package: {"name": "web"} → what a reviewer would flag in one package: licence, deprecated
// dependencies, tests. A package whose manifest cannot be read fails (exit 1), as a real check would.
import { fail, loadSampleData, readInput, respond } from './tool-io.mjs';

const { name } = readInput();
const data = loadSampleData('packages.json');
const found = data.packages.find((entry) => entry.name === name);
if (!found) fail(`no package named ${JSON.stringify(name)}; packages: ${data.packages.map((entry) => entry.name).join(', ')}`);
if (found.manifest_error) fail(`cannot read ${name}/package.json: ${found.manifest_error}`);
const problems = [];
if (!found.license) problems.push('no licence declared');
for (const dependency of Object.keys(found.dependencies)) {
  if (data.deprecated[dependency]) problems.push(`depends on ${dependency} (${data.deprecated[dependency]})`);
}
if (found.tests === 0) problems.push('no tests');
respond({ name, version: found.version, problems });
