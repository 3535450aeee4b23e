/**
 * The input schema of a declared tool that writes no `input`: it takes no arguments, as the plan schema
 * says, so arguments a plan or a model gives it are refused (any object was accepted and reached the
 * command's stdin).
 */
export const NO_ARGUMENTS = { type: 'object', properties: {}, additionalProperties: false } as const;
