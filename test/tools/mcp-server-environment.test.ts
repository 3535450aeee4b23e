import { describe, expect, it } from 'vitest';
import { mcpServerEnvironment } from '../../src/tools/mcp/mcp-server-environment.ts';

const runner = {
  PATH: '/usr/bin:/bin',
  HOME: '/home/runner',
  RUNNER_TRACKING_ID: 'github_0b0c',
  GITHUB_TOKEN: 'ghs_runner_token_value',
  ACTIONS_RUNTIME_TOKEN: 'runtime',
  NODE_OPTIONS: '--require ./evil.js',
  UNLISTED: 'anything',
};

describe('mcpServerEnvironment', () => {
  it('keeps the runner’s tracking mark, by which a self-hosted runner ends a server a killed main step left running', () => {
    expect(mcpServerEnvironment('docs', undefined, runner)).toEqual({ PATH: '/usr/bin:/bin', HOME: '/home/runner', RUNNER_TRACKING_ID: 'github_0b0c' });
  });

  it('adds exactly what the server’s env: names', () => {
    expect(mcpServerEnvironment('docs', ['UNLISTED'], runner)).toEqual({ PATH: '/usr/bin:/bin', HOME: '/home/runner', RUNNER_TRACKING_ID: 'github_0b0c', UNLISTED: 'anything' });
  });
});

describe('mcpServerEnvironment reading a name every object has', () => {
  it('refuses ${env.toString} as not set, and passes no listed constructor, where the runner sets neither', () => {
    expect(() => mcpServerEnvironment('docs', { HOST: '${env.toString}' }, process.env)).toThrow(/mcp_servers\.docs\.env\.HOST reads \$\{env\.toString\}, which is not set/);
    expect(Object.hasOwn(mcpServerEnvironment('docs', ['constructor'], process.env), 'constructor')).toBe(false);
  });
});

describe('mcpServerEnvironment on a Windows runner', () => {
  // As a Windows runner's environment reads, copied (`Path`, not `PATH`); without SystemRoot neither Node nor Python
  // starts there (no random numbers, no sockets), and npx finds no cache without LOCALAPPDATA.
  const windows = {
    Path: 'C:\\Windows\\system32;C:\\Program Files\\nodejs',
    SystemRoot: 'C:\\Windows',
    windir: 'C:\\Windows',
    ComSpec: 'C:\\Windows\\system32\\cmd.exe',
    PATHEXT: '.COM;.EXE;.BAT;.CMD',
    SystemDrive: 'C:',
    USERPROFILE: 'C:\\Users\\runneradmin',
    APPDATA: 'C:\\Users\\runneradmin\\AppData\\Roaming',
    LOCALAPPDATA: 'C:\\Users\\runneradmin\\AppData\\Local',
    TEMP: 'C:\\Users\\RUNNER~1\\AppData\\Local\\Temp',
    github_token: 'ghs_runner_token_value',
    UNLISTED: 'anything',
  };

  it('gives a server what Windows programs need to start, whatever the case of its names, and still no secret', () => {
    const env = mcpServerEnvironment('docs', undefined, windows, 'win32');
    expect(env).toEqual({
      Path: windows.Path,
      SystemRoot: windows.SystemRoot,
      windir: windows.windir,
      ComSpec: windows.ComSpec,
      PATHEXT: windows.PATHEXT,
      SystemDrive: windows.SystemDrive,
      USERPROFILE: windows.USERPROFILE,
      APPDATA: windows.APPDATA,
      LOCALAPPDATA: windows.LOCALAPPDATA,
      TEMP: windows.TEMP,
    });
  });

  // Found by an adversarial hunt: of names that differ only in case Node passes the one that sorts first, and the
  // runner's `Path` won over the plan's `path`.
  it("gives a variable the server's env: sets that value alone, whatever case the runner spells its name in", () => {
    const env = mcpServerEnvironment('docs', { path: 'C:\\tools;${env.Path}' }, windows, 'win32');
    expect(Object.keys(env).filter((name) => name.toUpperCase() === 'PATH')).toEqual(['path']);
    expect(env['path']).toBe(`C:\\tools;${windows.Path}`);
  });
});
