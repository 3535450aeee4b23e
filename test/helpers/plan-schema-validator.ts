import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';

const SCHEMA_FILE = path.resolve(import.meta.dirname, '../../plan.schema.json');

/** A validator for the committed plan.schema.json, compiled by Ajv in strict mode as SchemaStore does. */
export function planSchemaValidator(): (value: unknown) => ErrorObject[] {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  // VS Code's and yaml-language-server's message for a refused key: an annotation to Ajv.
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' });
  ajv.addFormat('uri', (value: string) => URL.canParse(value));
  const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);
  return (value) => (validate(value) ? [] : [...(validate.errors ?? [])]);
}
