import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { validateCommand } from '../../src/cli/validate-command.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { runJob } from '../../src/job/run-job.ts';
import { startFakeGitHubApi, type FakeGitHubApi, type FakeHandler } from '../fixtures/fake-github-api.ts';

/** Where a job's model is; by default a port nothing listens on, for plans that never ask one. */
type ModelAt = { readonly baseURL: string; readonly apiKey?: string };

/**
 * A temporary folder whose plan files are validated and run against a fake GitHub API (repository octo/demo)
 * that records the bodies of the comments posted; `extraRoutes` answer more of its operations.
 */
export class FakeGitHubJob {
  /** The comment bodies posted, in order. */
  readonly posted: string[];
  readonly dir: string;
  readonly api: FakeGitHubApi;

  private constructor(dir: string, api: FakeGitHubApi, posted: string[]) {
    this.dir = dir;
    this.api = api;
    this.posted = posted;
  }

  static async start(prefix: string, extraRoutes: Record<string, FakeHandler> = {}): Promise<FakeGitHubJob> {
    const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    const posted: string[] = [];
    const api = await startFakeGitHubApi({
      'issues/create-comment': (request) => {
        posted.push((request.body as { body: string }).body);
        return { status: 201, body: { id: posted.length, html_url: `u${posted.length}`, user: { login: 'github-actions[bot]' } } };
      },
      'issues/list-comments': () => ({ body: [] }),
      'users/get-authenticated': () => ({ body: { login: 'github-actions[bot]' } }),
      ...extraRoutes,
    });
    return new FakeGitHubJob(dir, api, posted);
  }

  /** `plan-runner validate` of `file` in the folder: its lines, the folder left out of them. */
  async validate(file: string): Promise<string[]> {
    const lines: string[] = [];
    await validateCommand([path.join(this.dir, file)], (line) => lines.push(line.replace(`${this.dir}${path.sep}`, '')), { cwd: this.dir, env: { PATH: process.env['PATH'] } });
    return lines;
  }

  /** Runs `file` in the folder as a job writing to the fake API. */
  run(file: string, model: ModelAt = { baseURL: 'http://127.0.0.1:9' }): ReturnType<typeof runJob> {
    const octokit = createOctokit({ token: 'test-token', baseUrl: this.api.baseUrl, warn: () => undefined, throttle: { enabled: false } });
    return runJob(
      {
        planFile: path.join(this.dir, file),
        inputs: {},
        cwd: this.dir,
        env: { PATH: process.env['PATH'] },
        model,
        github: { octokit, repository: { owner: 'octo', repo: 'demo', url: 'https://github.com/octo/demo/' } },
      },
      { listeners: [], clock: systemClock },
    );
  }

  async close(): Promise<void> {
    await this.api.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}
