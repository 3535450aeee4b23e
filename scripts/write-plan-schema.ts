// Writes plan.schema.json (the editor schema for plan files) from the zod schema: `npm run schema`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PLAN_SCHEMA_FILE, planJsonSchemaText } from '../src/plan/plan-json-schema.ts';

const target = fileURLToPath(new URL(`../${PLAN_SCHEMA_FILE}`, import.meta.url));
writeFileSync(target, planJsonSchemaText());
console.log(`wrote ${target}`);
