// fetch_web_traffic: {"week": "2026-W48"} → site visits and conversion for a week. The sample
// export lacks the current week, so for 2026-W48 this source fails (exit 1) as a late export would.
import { fail, loadSampleData, readInput, respond } from './tool-io.mjs';

const data = loadSampleData('traffic.json');
const week = readInput().week;
if (!Object.hasOwn(data.weeks, week)) fail(`no web traffic export for ${week} yet: ${data.note}`);
respond({ week, ...data.weeks[week] });
