import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
const children = (): number => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10; // cutime + cstime, ms (field 16, 17)
};
let own = process.cpuUsage();
let kids = 0;
let started = 0;
beforeAll(() => {
  own = process.cpuUsage();
  kids = children();
  started = performance.now();
});
afterAll(() => {
  const used = process.cpuUsage(own);
  const file = expect.getState().testPath ?? 'unknown';
  appendFileSync('/tmp/filecpu.txt', `${Math.round((used.user + used.system) / 1000)} ${children() - kids} ${Math.round(performance.now() - started)} ${file.replace(/.*\/test\//, 'test/')}\n`);
});
