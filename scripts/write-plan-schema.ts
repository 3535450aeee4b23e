// Writes plan.schema.json (the editor schema for plan files) from the zod schema, and
// docs/plan-reference.md from that schema: `npm run schema`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PLAN_SCHEMA_FILE, planJsonSchema, planJsonSchemaText } from '../src/plan/plan-json-schema.ts';
import { PLAN_REFERENCE_FILE, planReferenceMarkdown } from './plan-reference.ts';

const schemaFile = fileURLToPath(new URL(`../${PLAN_SCHEMA_FILE}`, import.meta.url));
writeFileSync(schemaFile, planJsonSchemaText());
console.log(`wrote ${schemaFile}`);
const referenceFile = fileURLToPath(new URL(`../${PLAN_REFERENCE_FILE}`, import.meta.url));
writeFileSync(referenceFile, planReferenceMarkdown(planJsonSchema(), PLAN_SCHEMA_FILE));
console.log(`wrote ${referenceFile}`);
