// fetch_inventory_levels: {"categories": ["Apparel"]} → stock and weeks of cover for those categories.
import { fail, loadSampleData, readInput, respond } from './tool-io.mjs';

const data = loadSampleData('inventory.json');
const { categories } = readInput();
if (!Array.isArray(categories) || categories.length === 0) fail('categories must be a non-empty list of category names');

const known = Object.keys(data.categories);
const levels = {};
for (const asked of categories) {
  // Models vary the case ("apparel"); match names without it.
  const name = known.find((category) => category.toLowerCase() === String(asked).toLowerCase());
  if (!name) fail(`unknown category ${JSON.stringify(asked)}; known categories: ${known.join(', ')}`);
  levels[name] = data.categories[name];
}
respond({ as_of: data.as_of, inventory: levels });
