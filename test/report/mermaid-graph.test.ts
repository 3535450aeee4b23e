import { describe, expect, it } from 'vitest';
import { MERMAID_MAX_EDGES, MERMAID_MAX_TEXT, mermaidLabel, renderMermaidGraph } from '../../src/report/mermaid-graph.ts';
import { noRedaction, plan, RunScript, step } from './summary-run-fixture.ts';

describe('renderMermaidGraph', () => {
  it('draws each step as a node marked with its final state, and its dependencies as edges', () => {
    const record = new RunScript(plan([step('1', 'Search'), step('2', 'Fetch', ['1']), step('3', 'Write', ['1', '2']), step('end', 'Publish', ['3'])]))
      .complete('1', 'x')
      .fail('2', 'timeout')
      .skip('3', 'step 2 failed')
      .record();
    const graph = renderMermaidGraph(record, noRedaction);
    expect(graph.split('\n')).toEqual(
      expect.arrayContaining([
        '```mermaid',
        'graph TD',
        '  s0["✅ 1. Search"]:::completed',
        '  s1["❌ 2. Fetch"]:::failed',
        '  s2["⏭️ 3. Skip"]:::skipped'.replace('Skip', 'Write'),
        // A step named `end` (a Mermaid keyword) gets a positional id.
        '  s3["⬜ end. Publish"]:::pending',
        '  s0 --> s1',
        '  s0 --> s2',
        '  s1 --> s2',
        '  s2 --> s3',
        expect.stringMatching(/^ {2}classDef failed fill:/),
        '```',
      ]),
    );
  });

  it('draws up to the 500 edges Mermaid draws by default, and past them says the graph is left out instead of leaving an error box', () => {
    const chain = (edges: number) => new RunScript(plan(Array.from({ length: edges + 1 }, (_, i) => step(`${i + 1}`, 'Step', i ? [`${i}`] : [])))).record();
    const drawn = renderMermaidGraph(chain(MERMAID_MAX_EDGES), noRedaction);
    expect(drawn.startsWith('```mermaid\ngraph TD')).toBe(true);
    expect(drawn.length).toBeLessThan(MERMAID_MAX_TEXT);
    expect(renderMermaidGraph(chain(MERMAID_MAX_EDGES + 1), noRedaction)).toBe(
      '_The plan graph (502 steps, 501 dependencies) is left out: it has 501 edges, more than Mermaid draws (50,000 characters, 500 edges)._',
    );
  });

  it('leaves out a graph whose text Mermaid would refuse (more than 50,000 characters)', () => {
    const wide = new RunScript(plan(Array.from({ length: 1_000 }, (_, i) => step(`${i + 1}`, `A step with a long description number ${i}`)))).record();
    expect(renderMermaidGraph(wide, noRedaction)).toMatch(/^_The plan graph \(1,000 steps, 0 dependencies\) is left out: its text is longer, more than Mermaid draws/);
  });

  it('says so at once for a plan too large whatever its titles, with no label made', () => {
    const steps = (count: number) => new RunScript(plan(Array.from({ length: count }, (_, i) => step(`${i + 1}`, 'x')))).record();
    let redacted = 0;
    const counting = (text: string): string => (redacted++, text);
    // 2,381 lines of at least 21 characters (`  s0["⬜ 1"]:::failed` and a line break) are more than 50,000.
    expect(renderMermaidGraph(steps(2_381), counting)).toMatch(/^_The plan graph \(2,381 steps, 0 dependencies\) is left out: its text is longer/);
    expect(redacted).toBe(0);
    expect(renderMermaidGraph(steps(2_380), counting)).toMatch(/^_The plan graph \(2,380 steps, 0 dependencies\) is left out: its text is longer/);
    expect(redacted).toBeGreaterThan(0);
  });

  it('turns quotes, brackets, backticks and HTML in labels into entities', () => {
    const label = mermaidLabel('say "hi"] --> x[<b>`code`</b>] #1; & done');
    expect(label.replace(/#\d+;/g, '')).not.toMatch(/["[\]<>`;&#]/);
    expect(label).toBe('say #34;hi#34;#93; --#62; x#91;#60;b#62;#96;code#96;#60;/b#62;#93; #35;1#59; #38; done');
  });

  it('cuts long labels and flattens line breaks', () => {
    const label = mermaidLabel(`line one\nline two ${'x'.repeat(100)}`);
    expect(label.startsWith('line one line two x')).toBe(true);
    expect([...label.replace(/#\d+;/g, '_')]).toHaveLength(60);
  });

  it('redacts labels before drawing them', () => {
    const record = new RunScript(plan([step('1', 'call with ghp_secret123')])).record();
    expect(renderMermaidGraph(record, (t) => t.replace('ghp_secret123', '***'))).not.toContain('ghp_secret123');
  });

  it('keeps a hostile label from closing the code block', () => {
    const record = new RunScript(plan([step('1', '```\n</details>')])).record();
    const graph = renderMermaidGraph(record, noRedaction);
    expect(graph.match(/```/g)).toHaveLength(2);
  });
});
