// fetch_sales_data: {"week": "2026-W48"} → sales per category for that week, and the change on the week before.
import { loadSampleData, readInput, requireWeek, respond } from './tool-io.mjs';

const data = loadSampleData('sales.json');
const week = requireWeek(readInput(), data.weeks);
const sales = data.weeks[week];
const weeks = Object.keys(data.weeks).sort();
const previous = data.weeks[weeks[weeks.indexOf(week) - 1]];

const change = {};
if (previous) {
  for (const [category, amount] of Object.entries(sales)) {
    const before = previous[category];
    if (before) change[category] = `${amount >= before ? '+' : ''}${(((amount - before) / before) * 100).toFixed(1)}%`;
  }
}
respond({ week, currency: data.currency, sales, ...(previous && { change_vs_previous_week: change }) });
