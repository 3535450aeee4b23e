import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileCacheDirectory } from '../../src/cli/compile-cache.ts';
import { cliBundle, runCli } from '../helpers/run-cli.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('compileCacheDirectory', () => {
  it('is the user’s own cache folder on each platform, never the shared temp folder', () => {
    expect(compileCacheDirectory({}, 'linux', '/home/ada')).toBe('/home/ada/.cache/plan-runner/compile-cache');
    expect(compileCacheDirectory({ XDG_CACHE_HOME: '/var/cache/ada' }, 'linux', '/home/ada')).toBe('/var/cache/ada/plan-runner/compile-cache');
    expect(compileCacheDirectory({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Caches/plan-runner/compile-cache');
    expect(compileCacheDirectory({ LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, 'win32', 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\AppData\\Local\\plan-runner\\compile-cache');
  });

  it('ignores a relative XDG_CACHE_HOME, as the XDG spec asks, and gives none without a home', () => {
    expect(compileCacheDirectory({ XDG_CACHE_HOME: 'cache' }, 'linux', '/home/ada')).toBe('/home/ada/.cache/plan-runner/compile-cache');
    expect(compileCacheDirectory({}, 'linux', '')).toBeUndefined();
    expect(compileCacheDirectory({}, 'win32', 'C:\\Users\\ada')).toBeUndefined();
  });
});

// Found by an adversarial CLI hunt: with `HOME=/proc/self` or `XDG_CACHE_HOME=/proc`, every command but --help
// and --version hung for ever before its first line: Node's recursive mkdirSync spins under /proc (as
// createOutputFolder already knew for output files).
describe('a cache folder under a kernel tree', () => {
  it.skipIf(!existsSync('/proc/self'))('is not made, and the command goes on', () => {
    const script = `import { enableCompileCache } from ${JSON.stringify(path.join(root, 'src/cli/compile-cache.ts'))}; enableCompileCache({ XDG_CACHE_HOME: '/proc/self' }); enableCompileCache({ HOME: '/proc/self' }); console.log('went on');`;
    // The kill is only a bound on a hang, which the assertion below tells from a pass.
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: '/proc/self' }, timeout: 30_000 });
    expect({ signal: child.signal, status: child.status, stdout: child.stdout }).toEqual({ signal: null, status: 0, stdout: 'went on\n' });
  });
});

describe('the CLI’s compile cache', () => {
  beforeAll(cliBundle, 600_000);

  // runCli gives every run the suite's shared cache (NODE_COMPILE_CACHE); an empty value takes it away again.
  const cli = (args: string[], env: Record<string, string>) => runCli(args, { cwd: root, env: { NODE_COMPILE_CACHE: '', ...env } });
  const cached = (home: string) => {
    const folder = path.join(home, '.cache', 'plan-runner', 'compile-cache');
    return existsSync(folder) ? readdirSync(folder, { recursive: true }).length : 0;
  };

  it('keeps the compiled chunks of a command in the user’s cache folder for the next run', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-home-'));
    expect(await cli(['validate', 'workflows/bodmas.yml'], { HOME: home })).toMatchObject({ code: 0, stderr: '' });
    expect(cached(home)).toBeGreaterThan(1);
    // Made for this user only.
    expect(statSync(path.join(home, '.cache', 'plan-runner')).mode & 0o777).toBe(0o700);
    const xdg = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-xdg-'));
    expect(await cli(['validate', 'workflows/bodmas.yml'], { HOME: home, XDG_CACHE_HOME: xdg })).toMatchObject({ code: 0 });
    expect(readdirSync(path.join(xdg, 'plan-runner', 'compile-cache')).length).toBe(1);
  });

  it('keeps no cache in a folder others may write', async () => {
    for (const [folder, mode] of [['.cache', 0o777], ['.cache/plan-runner', 0o775]] as const) {
      const home = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-home-'));
      mkdirSync(path.join(home, folder), { recursive: true });
      chmodSync(path.join(home, folder), mode);
      expect(await cli(['validate', 'workflows/bodmas.yml'], { HOME: home })).toMatchObject({ code: 0, stderr: '' });
      const cache = path.join(home, '.cache', 'plan-runner', 'compile-cache');
      expect(existsSync(cache) ? readdirSync(cache) : []).toEqual([]);
    }
  });

  it('writes nothing for --version, or with NODE_DISABLE_COMPILE_CACHE, and a cache it cannot write changes nothing', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-home-'));
    expect(await cli(['--version'], { HOME: home })).toMatchObject({ code: 0, stderr: '' });
    expect(await cli(['validate', 'workflows/bodmas.yml'], { HOME: home, NODE_DISABLE_COMPILE_CACHE: '1' })).toMatchObject({ code: 0, stderr: '' });
    expect(cached(home)).toBe(0);
    const blocked = await cli(['validate', 'workflows/bodmas.yml'], { HOME: '/dev/null' });
    expect(blocked).toMatchObject({ code: 0, stderr: '' });
    expect(blocked.stdout).toContain('ok workflows/bodmas.yml');
  });
});
