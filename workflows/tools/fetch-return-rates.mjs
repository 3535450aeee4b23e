// fetch_return_rates: {"week": "2026-W48"} → the share of items returned per category, and the benchmark.
import { loadSampleData, readInput, requireWeek, respond } from './tool-io.mjs';

const data = loadSampleData('returns.json');
const week = requireWeek(readInput(), data.weeks);
respond({ week, benchmark: data.benchmark, return_rates: data.weeks[week] });
