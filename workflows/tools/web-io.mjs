// Shared by the sample web tools (web-search, web-fetch, web-read-top): arguments as JSON on stdin,
// a small sample web in workflows/data/web-pages.json and web-search-index.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const data = join(import.meta.dirname, '..', 'data');

export function readArgs() {
  return JSON.parse(readFileSync(0, 'utf8') || '{}');
}

export function pages() {
  return JSON.parse(readFileSync(join(data, 'web-pages.json'), 'utf8'));
}

/** The index entries that share the most words with the query, best first. */
export function search(query) {
  const words = new Set(String(query).toLowerCase().match(/[a-z0-9]+/g) ?? []);
  const index = JSON.parse(readFileSync(join(data, 'web-search-index.json'), 'utf8'));
  const scored = index.map((entry) => {
    const text = `${entry.title} ${entry.snippet} ${entry.url}`.toLowerCase();
    return { entry, score: [...words].filter((word) => text.includes(word)).length };
  });
  return scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score).map((s) => s.entry);
}
