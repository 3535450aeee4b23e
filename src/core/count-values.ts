/**
 * How many values `value` holds (itself, and every item and own property value within it, at any depth),
 * counted up to `most` and no further: an array of 8 million values is not walked whole. Iterative, so
 * depth costs no stack.
 */
export function countValues(value: unknown, most: number): number {
  let values = 0;
  const stack = [value];
  while (stack.length > 0 && values < most) {
    const item = stack.pop();
    values += 1;
    if (item === null || typeof item !== 'object') continue;
    if (Array.isArray(item)) for (let index = 0; index < item.length && values + stack.length < most; index++) stack.push(item[index]);
    else
      for (const key in item) {
        if (values + stack.length >= most) break;
        if (Object.hasOwn(item, key)) stack.push((item as Record<string, unknown>)[key]);
      }
  }
  return values;
}
