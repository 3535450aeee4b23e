import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCpuBounded } from '../helpers/cpu-bounded-script.ts';

const source = (file: string): string => JSON.stringify(pathToFileURL(join(import.meta.dirname, '../../src', file)).href);

/**
 * Each shape made one function on text a pull request, a tool or a model controls do quadratic work,
 * on the event loop where no timer fires (found by a hunt for such cliffs). At these sizes each took
 * minutes; now all take about a second in all. A child process gets 40 s of CPU time, whatever else the
 * machine runs; killed, the test fails, and what it printed names the shapes that finished.
 */
const SCRIPT = `
  import { mkdtemp, writeFile } from 'node:fs/promises';
  import { tmpdir } from 'node:os';
  import { join } from 'node:path';
  import { sanitizeUntrustedValue } from ${source('security/sanitize-untrusted.ts')};
  import { searchFilesTool } from ${source('tools/files/search-files-tool.ts')};
  import { createRedactor, jsonMayNeedRedaction } from ${source('core/redact.ts')};
  import { findJsonValue } from ${source('planner/find-json-value.ts')};
  import { jsonFences } from ${source('goals/parse-json-result.ts')};
  import { outputTail } from ${source('goals/output-tail.ts')};
  import { hideCutFragments, hideCutStart } from ${source('core/hide-cut-fragments.ts')};
  import { splitSentences } from ${source('goals/split-sentences.ts')};
  import { parseJudgeVerdict } from ${source('goals/judge-verdict.ts')};
  import { ModelCallError } from ${source('llm/model-call-error.ts')};
  import { isGitSegment } from ${source('tools/files/git-segment.ts')};
  import { applyEvent, newRunRecord } from ${source('core/run-record.ts')};
  import { zodReadySchema } from ${source('plan/zod-ready-schema.ts')};
  import { cutNoteIn } from ${source('core/cut-note.ts')};
  import { summariseVariant } from ${source('eval/summarise-variant.ts')};
  import { TailBuffer } from ${source('process/tail-buffer.ts')};
  import { weightsWithin } from ${source('run/trace-step-weights.ts')};
  import { dataBlock } from ${source('steps/data-block.ts')};
  import { renderedText } from ${source('goals/rendered-text.ts')};

  const shapes = {
    // 48,000 keys that read the same once invisible characters go: each counted its number from 2 (72 s at 32,000).
    'colliding keys': () => {
      const invisible = (n) => [...n.toString(2)].map((bit) => (bit === '1' ? '\\u200b' : '\\u200c')).join('');
      const value = Object.fromEntries(Array.from({ length: 48_000 }, (_, n) => ['decision' + invisible(n), n]));
      const keys = Object.keys(sanitizeUntrustedValue(value));
      if (keys.length !== 48_000 || keys[1] !== 'decision (2)' || keys[47_999] !== 'decision (48000)') throw new Error(keys.slice(0, 3).join());
    },
    // A line of spaces after a private key's BEGIN, in a file just under search_files' 1 MiB (31 s at 256 KiB).
    'spaces in a key block': async () => {
      const root = await mkdtemp(join(tmpdir(), 'hostile-'));
      await writeFile(join(root, 'key.pem'), '-----BEGIN RSA PRIVATE KEY-----\\n' + ' '.repeat(1_000_000) + '!\\nfound\\n');
      const found = await searchFilesTool({ root, redact: createRedactor() }).execute({ query: 'found' }, { signal: new AbortController().signal, cwd: root, stepKey: 's' });
      if (found !== '[cut: 1 line was searched in its first 400 characters only]\\nkey.pem:3: found') throw new Error(String(found));
    },
    // A fence whose blanks after the backticks never end in a line break (1.9 s at 64 KiB).
    'blanks after a fence': () => {
      if (findJsonValue('\`\`\`' + ' '.repeat(1_000_000) + 'x').ok) throw new Error('found a value');
    },
    // Backticks whose line holds a \\r the info string cannot match (10 s at 128 KiB).
    'a fence line with a \\\\r': () => {
      if (jsonFences('\`'.repeat(1_000_000) + '\\rx').length !== 0 || jsonFences('~'.repeat(1_000_000) + '\\u2028x').length !== 0) throw new Error('found a fence');
    },
    // Command output of blanks and then one more character (58 s at 256 KiB).
    'blanks in command output': () => {
      if (outputTail(' '.repeat(1_000_000) + 'x') !== ' '.repeat(299) + '…') throw new Error('wrong tail');
    },
    // A judge's evidence: a run of token characters with no cut after it (5.7 s at 64 KiB).
    'a token run in evidence': () => {
      if (hideCutFragments('a1'.repeat(500_000) + ' x…') !== 'a1'.repeat(500_000) + ' x…') throw new Error('changed');
    },
    // A tool result checked by every_sentence_matches: blanks, then a character (41 s at 256 KiB).
    'blanks before a sentence': () => {
      if (splitSentences(' '.repeat(1_000_000) + 'x.').join() !== 'x.') throw new Error('wrong sentences');
    },
    // The Basic credentials pattern (new, not found quadratic): base64 runs after "Basic", and "basic" words.
    'Basic and base64': () => {
      const redact = createRedactor(['Tr0ub4dor']);
      const long = 'Basic ' + 'QUJD'.repeat(250_000) + '=';
      if (redact(long) !== long || redact('basic helper '.repeat(80_000)) !== 'basic helper '.repeat(80_000)) throw new Error('changed');
    },
    // Private keys with no END line, each hidden to the end of its base64 (one regex over them all, looking for an
    // END from each BEGIN, took 525 s on 1 MB); armor headers with no body after them.
    'private keys with no END line': () => {
      const redact = createRedactor();
      const keys = ('-----BEGIN RSA PRIVATE KEY-----\\n' + 'A'.repeat(64) + '\\n.').repeat(25_000);
      if (redact(keys) !== '***\\n.'.repeat(25_000)) throw new Error('a key shows');
      const headers = '-----BEGIN RSA PRIVATE KEY-----' + '\\nA: a'.repeat(250_000);
      if (redact(headers) !== headers) throw new Error('headers changed');
    },
    // END lines with no BEGIN line, each hidden back over its base64 lines, and short lines no key has: each line is read
    // back once, to the END line before it, and at most a key block's length.
    'private keys with no BEGIN line': () => {
      const redact = createRedactor();
      if (redact(('A'.repeat(64) + '\\n-----END PRIVATE KEY-----\\n').repeat(25_000)) !== '***\\n'.repeat(25_000)) throw new Error('a key shows');
      const lines = 'A\\n'.repeat(500_000) + '-----END PRIVATE KEY-----';
      if (redact(lines) !== lines) throw new Error('short lines changed');
    },
    // What a cut left of a JWT: a run, then dots, read once each; and \`.eyJ\` repeated, which the JWT shape starts at.
    'JWT pieces after a cut': () => {
      if (hideCutStart('…' + 'a1'.repeat(500_000) + '.eyJ') !== '…***.eyJ') throw new Error('not hidden');
      const dots = '.eyJabcdefgh.a'.repeat(70_000);
      if (createRedactor()(dots) !== dots) throw new Error('changed');
    },
    // Token prefixes, and runs of them, before cuts.
    'token prefixes before cuts': () => {
      const redact = createRedactor();
      if (redact(('ghp_'.repeat(250) + 'a1b2…').repeat(1_000)) !== ('ghp_'.repeat(249) + '***…').repeat(1_000)) throw new Error('not hidden');
      if (redact(('sk-1'.repeat(4) + '…').repeat(60_000)) !== '***…'.repeat(60_000)) throw new Error('not hidden');
    },
    // Blanks and backslashes around where a known value may be wrapped over lines: the pattern for a line break
    // with its blanks read each start of a long run of blanks on to its end (a \\ and 40,000 spaces: 3.2 s), and
    // the trace's screen each run of backslashes (20,000: 1.3 s). A value wrapped over lines is still hidden.
    'blanks and backslashes around line breaks': () => {
      const redact = createRedactor(['pQ7rT2vX9zLm4Nb8secret']);
      const blanks = 'x\\\\' + ' '.repeat(1_000_000);
      if (redact(blanks) !== blanks) throw new Error('blanks changed');
      const tabs = 'x\\n' + '\\\\t'.repeat(500_000) + 'y';
      if (redact(tabs) !== tabs) throw new Error('escaped tabs changed');
      if (jsonMayNeedRedaction('{"a":"\\\\n' + '\\\\'.repeat(500_000) + '"}', redact)) throw new Error('backslashes screened');
      if (redact('key pQ7rT2vX9z\\n  Lm4Nb8secret' + ' '.repeat(500_000)).includes('Lm4Nb8')) throw new Error('a wrapped value shows');
    },
    // A judge's verdict quoting a result full of quotes: its met keys were counted by a pattern that started again
    // at each escaped quote (45 s at 256 KiB). A met key nested in the reason's neighbour is still counted.
    'a verdict full of quotes': () => {
      const reason = '"'.repeat(500_000);
      if (parseJudgeVerdict(JSON.stringify({ met: false, reason })).reason !== reason) throw new Error('not read');
      try {
        parseJudgeVerdict(JSON.stringify({ met: false, reason, quoted: { met: true } }));
        throw new Error('a second verdict was not seen');
      } catch (error) {
        if (!String(error).includes('more than one verdict')) throw error;
      }
    },
    // Dashes around cuts while a private key is known, whose spellings start and end with dashes: each cut searched a
    // key's length of text either side for every spelling (80 µs a character: 5 s at 64 KiB). The pieces that touch a
    // cut are still hidden: a key's first and last dashes.
    'dashes around cuts with a key known': () => {
      const key = '-----BEGIN RSA PRIVATE KEY-----\\n' + 'MIIEpAIBAAKCAQEA1x9Zq3+vRkq8W2mJ/abcdefghijklmnopqrstuvwxyz0123456789\\n'.repeat(25) + '-----END RSA PRIVATE KEY-----';
      const hidden = createRedactor([key])('----…----'.repeat(116_000));
      if (hidden !== '***' + '…***'.repeat(116_000)) throw new Error('not hidden: ' + hidden.slice(0, 40));
      // With an invisible character in it, the same text is read in its visible view too, whose 232,000 ranges
      // were pushed as as many arguments: "Maximum call stack size exceeded", from every redaction of it.
      const invisible = createRedactor([key])('\\u200b' + '----…----'.repeat(116_000));
      if (invisible !== '\\u200b***' + '…***'.repeat(116_000)) throw new Error('not hidden: ' + invisible.slice(0, 40));
    },
    // A model endpoint's error message of dots and then a character: the full stop was trimmed by a pattern that tried
    // each dot (1.8 s at 40,000). The message keeps the first 1,000 characters of it.
    'dots in a model error': () => {
      const error = new ModelCallError({ purpose: 'planner', model: 'm', failure: 'http', status: 400, transient: false, attempts: 1, detail: '.'.repeat(1_000_000) + 'x' });
      if (error.message.length > 2_000 || !error.message.includes('400 ' + '.'.repeat(1_000) + '…. ')) throw new Error(error.message.slice(0, 200));
      if (trimmedStop(new ModelCallError({ purpose: 'planner', model: 'm', failure: 'connection', transient: true, attempts: 1, detail: 'Connection error.' })) !== 'Connection error.') throw new Error('a full stop too many');
    },
    // A path a model gives read_file: dots and blanks, then a character (1.7 s at 40,000).
    'dots and blanks in a path': () => {
      if (isGitSegment('. '.repeat(500_000) + 'x') || !isGitSegment('.GIT. . ')) throw new Error('wrong answer');
    },
    // A saved state another job may have written: steps, then as many rejections, each of which walked every step (4.9 s
    // at 40,000 of each).
    'rejections in a trace': () => {
      const events = [{ type: 'plan_created', at: 0, format: 2, plan: { name: 'p', revision: 1, steps: [] } }];
      for (let i = 0; i < 200_000; i++) events.push({ type: 'step_waiting', at: 1, stepKey: 's' + i, reason: 'approval' });
      for (let i = 0; i < 200_000; i++) events.push({ type: 'approval_decided', at: 2, decision: 'rejected', hash: 'h' });
      events.push({ type: 'step_waiting', at: 3, stepKey: 'late', reason: 'approval' }, { type: 'approval_decided', at: 4, decision: 'rejected', hash: 'h' });
      const record = events.reduce(applyEvent, newRunRecord());
      if ([...record.steps.values()].some((step) => step.state !== 'skipped')) throw new Error('a step not skipped');
    },
    // A tool's input schema that requires many names it checks under additionalProperties: each was looked up in the list
    // of them all (46 s for 160,000 in a plan, 33 s for 200,000 here).
    'required names checked under additionalProperties': () => {
      const required = Array.from({ length: 400_000 }, (_, i) => 'n' + i);
      const ready = zodReadySchema({ type: 'object', required, additionalProperties: { type: 'string' } });
      // Checked in a part of their own: \`{ type: object, required: [n0, …], properties: { n0: {}, … } }\`.
      const text = JSON.stringify(ready);
      if (!text.includes('"required":[],') || !text.includes('"required":["n0","n1",') || !text.includes('"n399999":{}')) throw new Error(text.slice(0, 300));
    },
    // A result a goal reads whole, of '[cut: ' after line separators the m flag ends a line at: each read on to the next
    // \\n (15 s at 512 KiB), once per goal.
    'cut notes after line separators': () => {
      if (cutNoteIn('[cut: x\\u2028'.repeat(150_000)) !== undefined || cutNoteIn('[cut: x\\r'.repeat(150_000)) !== undefined) throw new Error('a note found');
      if (cutNoteIn('a\\u2028[cut: showing 1 KiB]\\r\\nb') !== '[cut: showing 1 KiB]') throw new Error('the note not found');
    },
    // An eval column of 64,000 goals over 5 runs: each goal looked up in each run's list (0.8 s at 8,000).
    'goals of an eval column': () => {
      const run = (k) => ({ status: 'succeeded', goals: Array.from({ length: 64_000 }, (_, i) => ({ name: 'g' + i, outcome: (i + k) % 2 ? 'met' : 'unmet' })), modelCalls: 1, promptTokens: 1, completionTokens: 1, costUsd: 0, abandonedRequests: 0, unpricedCalls: 0, durationMs: 1, retries: 0, replans: 0, plannerCalls: 0, faults: [], faultRulesTargeting: [] });
      const rates = summariseVariant('plan', [run(0), run(1), run(0), run(1), run(0)]).goalsMetRate;
      if (rates.length !== 64_000 || rates[0].rate !== 0.4 || rates[1].rate !== 0.6) throw new Error(JSON.stringify(rates.slice(0, 2)));
    },
    // A child's stderr one byte a write: each byte past the tail's 256 KiB moved the whole list of kept ones (30 s for a million).
    'one-byte writes to a tail': () => {
      const tail = new TailBuffer(256 * 1024);
      const byte = Buffer.from('x');
      for (let i = 0; i < 2_000_000; i++) tail.push(byte);
      if (tail.text() !== '…' + 'x'.repeat(256 * 1024 - 3)) throw new Error('wrong tail');
    },
    // A plan of many used plans given the weights of its last run: each nested run looked through every weight for its
    // own (3.5 s at 16,000).
    'weights of many used plans': () => {
      const weights = new Map();
      for (let i = 0; i < 60_000; i++) weights.set('p' + i + '/s', i).set('q' + i, i);
      for (let i = 0; i < 60_000; i++) if (weightsWithin(weights, 'p' + i).get('s') !== i) throw new Error('wrong weight for p' + i);
    },
    // A data block's closing tag is looked for with blanks in it: two runs of blanks a \`<\` reads on over, tried at each split.
    'blanks after a tag opener in a data block': () => {
      // As prompt text made clean already passes it (\`promptData\`): the sanitiser, which would fold the blanks, has run.
      const block = dataBlock({ step: 'x' }, '<' + ' '.repeat(400_000) + '/' + ' '.repeat(400_000) + 'x', true);
      if (!block.startsWith('<data step="x">') || block.includes('&lt;')) throw new Error('a tag defused that is none');
    },
    // New, not found quadratic: quoted attribute values that hold a \`<\` and start tags of their own, and link
    // destinations whose parentheses never close (each tag's search, or each \`](\`, could read to the end).
    'tags in quoted values and unclosed destinations': () => {
      for (const text of [\`<a x="<b y='\`.repeat(100_000), '<a t="' + '<b x=" '.repeat(150_000), "<b x='" + '<c '.repeat(300_000), '](' + '('.repeat(1_000_000), '](a(b)'.repeat(150_000)]) {
        if (renderedText(text).length > text.length) throw new Error('grew');
      }
    },
  };
  // The error's words between the failure and the hint: \`…failed: Connection error. Could not reach…\`.
  const trimmedStop = (error) => error.message.split('failed: ')[1].split(' Could not')[0];
  for (const [name, shape] of Object.entries(shapes)) {
    await shape();
    console.log(name);
  }`;

describe('functions on untrusted text', () => {
  it('stay linear on the shapes that made them quadratic', () => {
    expect(runCpuBounded(SCRIPT, 40, 240_000)).toEqual({
      signal: null,
      stdout: ['colliding keys', 'spaces in a key block', 'blanks after a fence', 'a fence line with a \\r', 'blanks in command output', 'a token run in evidence', 'blanks before a sentence', 'Basic and base64', 'private keys with no END line', 'private keys with no BEGIN line', 'JWT pieces after a cut', 'token prefixes before cuts', 'blanks and backslashes around line breaks', 'a verdict full of quotes', 'dashes around cuts with a key known', 'dots in a model error', 'dots and blanks in a path', 'rejections in a trace', 'required names checked under additionalProperties', 'cut notes after line separators', 'goals of an eval column', 'one-byte writes to a tail', 'weights of many used plans', 'blanks after a tag opener in a data block', 'tags in quoted values and unclosed destinations'],
      stderr: '',
    });
  }, 250_000);
});
