// list_packages: {} → the packages of the sample monorepo, as a JSON list of {name, version}.
import { loadSampleData, readInput, respond } from './tool-io.mjs';

readInput();
const data = loadSampleData('packages.json');
respond(data.packages.map(({ name, version }) => ({ name, version })));
