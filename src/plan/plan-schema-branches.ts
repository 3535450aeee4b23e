import { HTTP_URL_PATTERN } from '../core/http-url.ts';
import { refusedSchema as refuse } from '../core/json-schema.ts';
import { TOOLSET_SECTIONS, sectionWithoutToolsetMessage } from './check-toolset-config.ts';
import { GOAL_OPTION_FIELDS } from './goal-option-fields.ts';
import { GOAL_KINDS, StepType } from './schema.ts';
import { FOR_EACH_ONLY_FIELDS, REQUIRED_STEP_FIELDS, RESERVED_ITEM_NAMES, TYPE_ONLY_STEP_FIELDS, forEachOnlyMessage, reservedItemNameMessage } from './step-type-fields.ts';

type JsonSchema = Record<string, unknown>;

/** Per-type branches of a step: the fields a type needs, and the fields only other types take. */
export function stepTypeBranches(): JsonSchema[] {
  return StepType.options.map((type) => {
    const required = REQUIRED_STEP_FIELDS[type];
    const refused = TYPE_ONLY_STEP_FIELDS.filter((rule) => !rule.types.includes(type));
    // `true` restates a required field where `required` is, as strict validators ask.
    const properties = { ...Object.fromEntries(required.map((field) => [field, true])), ...Object.fromEntries(refused.map((rule) => [rule.field, refuse(rule.message(type))])) };
    return {
      if: { type: 'object', properties: { type: { const: type } }, required: ['type'] },
      then: { type: 'object', ...(Object.keys(properties).length > 0 && { properties }), ...(required.length > 0 && { required: [...required] }) },
    };
  });
}

/** The branch of a step without `for_each`: the fields only for_each steps take are refused. */
export function forEachBranch(): JsonSchema {
  return {
    if: { type: 'object', properties: { for_each: false } },
    then: { type: 'object', properties: Object.fromEntries(FOR_EACH_ONLY_FIELDS.map((field) => [field, refuse(forEachOnlyMessage(field))])) },
  };
}

/** The branches of a for_each step's item name: one that is the head of a reference of its own is refused. */
export function reservedItemNameBranches(): JsonSchema[] {
  return RESERVED_ITEM_NAMES.map((name) => ({
    if: { type: 'object', properties: { for_each: true, as: { const: name } }, required: ['for_each', 'as'] },
    then: { type: 'object', properties: { as: refuse(reservedItemNameMessage(name)) } },
  }));
}

/**
 * Per-kind branches of a goal: a goal with no check is refused as a whole; with several, every
 * kind after the first (in GOAL_KINDS order, as the CLI counts them) is refused at its key; an
 * option another kind takes (GOAL_OPTION_FIELDS) is refused at its key.
 */
export function goalKindBranches(): JsonSchema[] {
  const none = {
    if: { type: 'object', properties: Object.fromEntries(GOAL_KINDS.map((kind) => [kind, false])) },
    then: refuse(`this goal checks nothing; add one of: ${GOAL_KINDS.join(', ')}`),
  };
  const several = GOAL_KINDS.slice(0, -1).map((kind, index) => ({
    if: { type: 'object', properties: { [kind]: true }, required: [kind] },
    then: {
      type: 'object',
      properties: Object.fromEntries(
        GOAL_KINDS.slice(index + 1).map((later) => [later, refuse(`a goal has one check and this one already has \`${kind}\`; move \`${later}\` into a goal of its own`)]),
      ),
    },
  }));
  // Per kind: the options (flags, timeout_seconds, of) that kind of check does not take.
  const options = GOAL_KINDS.flatMap((kind) => {
    const refused = GOAL_OPTION_FIELDS.filter((option) => !option.kinds.includes(kind));
    if (refused.length === 0) return [];
    return [{ if: { type: 'object', properties: { [kind]: true }, required: [kind] }, then: { type: 'object', properties: Object.fromEntries(refused.map((option) => [option.field, refuse(option.message(kind))])) } }];
  });
  return [none, ...several, ...options];
}

/** The plan-level branch: a plan needs `goal` or `workflow_sequence`. */
export function goalOrStepsBranch(message: string): JsonSchema {
  return { if: { type: 'object', properties: { goal: false, workflow_sequence: false } }, then: refuse(message) };
}

/**
 * The plan-level branches of the toolset sections: one written for a toolset the plan leaves off is refused. (That
 * `toolsets: [http]` needs `http:` is not said: a used plan runs with the using plan's, and an editor cannot tell one.)
 */
export function toolsetSectionBranches(): JsonSchema[] {
  return TOOLSET_SECTIONS.map(({ toolset, section }) => ({
    if: { type: 'object', properties: { toolsets: { not: { type: 'array', contains: { const: toolset } } }, [section]: true }, required: [section] },
    then: { type: 'object', properties: { [section]: refuse(sectionWithoutToolsetMessage(toolset, section)) } },
  }));
}

/** zod writes `format: uri` for URLs; every URL in a plan is http(s) (`httpUrl`), as the CLI checks. */
export function httpUrlsOnly(node: unknown): void {
  if (Array.isArray(node)) node.forEach(httpUrlsOnly);
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  if (schema.format === 'uri' && schema.pattern === undefined) schema.pattern = HTTP_URL_PATTERN;
  Object.values(schema).forEach(httpUrlsOnly);
}
