import { describe, expect, it } from 'vitest';
import { commandTool } from '../../src/tools/command-tool.ts';
import { scrubEnvironment } from '../../src/process/scrub-environment.ts';
import { isSecretEnvName } from '../../src/core/secret-env-name.ts';
import { ToolEnvironmentError } from '../../src/process/tool-environment-error.ts';

const runner = {
  PATH: '/usr/bin:/bin',
  HOME: '/home/runner',
  LANG: 'C.UTF-8',
  CI: 'true',
  RUNNER_TEMP: '/tmp/runner',
  RUNNER_TRACKING_ID: 'github_0b0c',
  GITHUB_WORKSPACE: '/work/repo',
  GITHUB_TOKEN: 'ghs_runner_token_value',
  OPENAI_API_KEY: 'sk-proj-not-for-tools',
  AWS_SECRET_ACCESS_KEY: 'aws-secret',
  DB_PASSWORD: 'hunter2',
  ACTIONS_RUNTIME_TOKEN: 'runtime',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.example',
  'INPUT_API-KEY': 'sk-input',
  GITHUB_ENV: '/tmp/runner/env',
  NODE_OPTIONS: '--require ./evil.js',
  DEPLOY_KEY: 'deploy-key-value',
  SEARCH_TOKEN: 'search-token-value',
  UNLISTED: 'anything',
};

describe('scrubEnvironment', () => {
  it('keeps the safe base and drops secrets, runner internals and everything unlisted', () => {
    expect(scrubEnvironment(runner, undefined, 'tool')).toEqual({
      PATH: '/usr/bin:/bin',
      HOME: '/home/runner',
      LANG: 'C.UTF-8',
      CI: 'true',
      RUNNER_TEMP: '/tmp/runner',
      // A tool a SIGKILLed main step left running keeps the mark the runner's orphan clean-up looks for (found by an adversarial pass).
      RUNNER_TRACKING_ID: 'github_0b0c',
      GITHUB_WORKSPACE: '/work/repo',
    });
  });

  it('passes a variable listed by name even when it looks secret', () => {
    const env = scrubEnvironment(runner, ['DEPLOY_KEY', 'NOT_SET_ANYWHERE'], 'tool');
    expect(env.DEPLOY_KEY).toBe('deploy-key-value');
    expect(env).not.toHaveProperty('NOT_SET_ANYWHERE');
    expect(env).not.toHaveProperty('GITHUB_TOKEN');
  });

  it('fills a map of values, reading runner variables with ${env.NAME}', () => {
    const env = scrubEnvironment(runner, { API_TOKEN: '${env.SEARCH_TOKEN}', REGION: 'eu-${env.LANG}' }, 'tool');
    expect(env.API_TOKEN).toBe('search-token-value');
    expect(env.REGION).toBe('eu-C.UTF-8');
    expect(env).not.toHaveProperty('SEARCH_TOKEN');
  });

  it('names the tool and the variable when ${env.NAME} is not set', () => {
    expect(() => scrubEnvironment(runner, { API_TOKEN: '${env.MISSING_TOKEN}' }, 'search')).toThrow(ToolEnvironmentError);
    expect(() => scrubEnvironment(runner, { API_TOKEN: '${env.MISSING_TOKEN}' }, 'search')).toThrow(
      /tool 'search': env API_TOKEN reads \$\{env\.MISSING_TOKEN\}, which is not set/,
    );
  });
});

describe('scrubEnvironment reading a name every object has', () => {
  // process.env answers `toString` and `constructor` with Object's own functions: `${env.toString}` gave the tool
  // "function toString() { [native code] }" and `env: [constructor]` a function, where neither is set (found by an adversarial pass).
  it('says ${env.toString} is not set on the runner, as for any other name it lacks', () => {
    expect(() => scrubEnvironment(process.env, { HOST: '${env.toString}' }, 'search')).toThrow(/env HOST reads \$\{env\.toString\}, which is not set/);
  });

  it('passes nothing for a listed name the runner does not set, though objects answer it', () => {
    const env = scrubEnvironment(process.env, ['constructor', 'valueOf'], 'tool');
    expect(Object.hasOwn(env, 'constructor')).toBe(false);
    expect(Object.hasOwn(env, 'valueOf')).toBe(false);
  });
});

describe('isSecretEnvName', () => {
  // The short forms were found by a review: a tool given DB_PASS that printed it put it in every report.
  it.each(['GITHUB_TOKEN', 'OPENAI_API_KEY', 'my_secret', 'DB_PASSWORD', 'ACTIONS_CACHE_URL', 'INPUT_MODEL', 'SSH_PRIVATE', 'DB_PASS', 'NPM_AUTH', 'GH_PAT', 'SENTRY_DSN', 'SLACK_WEBHOOK_URL', 'DATABASE_URL', 'MYSQL_PWD', 'AZURE_CONNECTION_STRING', 'GPG_PASSPHRASE', 'DB_PASS_PROD', 'DB_PW', 'SQLALCHEMY_DATABASE_URI', 'MONGODB_URI', 'REDIS_URL', 'CELERY_BROKER_URL', 'DOCKER_AUTH_CONFIG', 'SLACK_HOOK_URL', 'SENTRY_DSN_FRONTEND', 'GH_PAT_RO', 'AZURE_STORAGE_SAS', 'SLACK_WEBHOOK', 'DISCORD_WEBHOOK', 'WEBHOOK', 'GCP_CREDS', 'DOCKERHUB_CREDS', 'SERVICE_JWT', 'SESSION_COOKIE', 'KUBE_CONFIG_DATA', 'GCP_SA_JSON'])(
    'treats %s as secret',
    (name) => expect(isSecretEnvName(name)).toBe(true),
  );
  it.each(['PATH', 'HOME', 'GITHUB_WORKSPACE', 'RUNNER_TEMP', 'CI', 'PWD', 'OLDPWD', 'AUTHOR', 'PATHEXT', 'COMPASS', 'GITHUB_SERVER_URL', 'GITHUB_API_URL', 'PASSENGER_HOME', 'COOKIE_DOMAIN', 'CREDSTASH_HOME', 'KUBECONFIG'])('treats %s as safe', (name) =>
    expect(isSecretEnvName(name)).toBe(false),
  );
  // camelCase words are parts too (found by an adversarial hunt: a plan input `dbPass` reached the trace and the summary).
  it.each(['dbPass', 'sentryDsn', 'ghPat', 'npmAuth', 'DBPass', 'mysqlPwd', 'dbPw', 'azureSas', 'ghPatRo', 'sentryDsnFrontend', 'dockerAuthConfig', 'redisUrl', 'brokerUrl', 'connStr'])(
    'treats the camelCase %s as secret',
    (name) => expect(isSecretEnvName(name)).toBe(true),
  );
  it.each(['author', 'compassPath', 'bypassMode', 'passengerHome', 'patternName', 'dsname', 'oldPwdir', 'authorName', 'pathExt', 'sasquatch'])('treats the camelCase %s as safe', (name) =>
    expect(isSecretEnvName(name)).toBe(false),
  );
});

describe('a command tool subprocess', () => {
  const printEnv = ['node', '-e', 'console.log(JSON.stringify(process.env))'];
  const env = { ...runner, PATH: process.env.PATH };

  it('does not see GITHUB_TOKEN or OPENAI_API_KEY but does see a variable its env: lists', async () => {
    const tool = commandTool('env_probe', { description: 'print env', command: printEnv, env: ['DEPLOY_KEY'] }, { cwd: process.cwd(), env });
    const seen = (await tool.execute({}, { signal: new AbortController().signal, cwd: process.cwd(), stepKey: '1' })) as Record<string, string>;
    expect(seen.DEPLOY_KEY).toBe('deploy-key-value');
    expect(seen.HOME).toBe('/home/runner');
    for (const hidden of ['GITHUB_TOKEN', 'OPENAI_API_KEY', 'ACTIONS_RUNTIME_TOKEN', 'INPUT_API-KEY', 'NODE_OPTIONS', 'GITHUB_ENV', 'UNLISTED']) {
      expect(seen).not.toHaveProperty(hidden);
    }
  });

  it('fails the call, not the plan, when a ${env.NAME} it needs is missing', async () => {
    const tool = commandTool(
      'needs_token',
      { description: 'needs a token', command: printEnv, env: { TOKEN: '${env.ABSENT}' } },
      { cwd: process.cwd(), env },
    );
    const error = await tool.execute({}, { signal: new AbortController().signal, cwd: process.cwd(), stepKey: '2' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolEnvironmentError);
    expect(error).toMatchObject({ transient: false, missing: 'ABSENT' });
  });
});

describe('scrubEnvironment on a Windows runner', () => {
  it('passes the user profile folders Windows programs find their home and caches by (Python’s Path.home(), npm), and no secret in any case', () => {
    const windows = {
      Path: 'C:\\Windows\\system32',
      SystemRoot: 'C:\\Windows',
      USERPROFILE: 'C:\\Users\\runneradmin',
      APPDATA: 'C:\\Users\\runneradmin\\AppData\\Roaming',
      LOCALAPPDATA: 'C:\\Users\\runneradmin\\AppData\\Local',
      github_token: 'ghs_runner_token_value',
    };
    expect(scrubEnvironment(windows, undefined, 'tool', 'win32')).toEqual({
      Path: windows.Path,
      SystemRoot: windows.SystemRoot,
      USERPROFILE: windows.USERPROFILE,
      APPDATA: windows.APPDATA,
      LOCALAPPDATA: windows.LOCALAPPDATA,
    });
  });

  // Found by an adversarial hunt: Node passes, of names that differ only in case, the one that sorts first, so the
  // plan's `Path` beside the runner's `PATH` (or `temp` beside `TEMP`) was dropped, and the tool saw the runner's value.
  it("gives a variable the plan sets the plan's value alone, whatever case the runner spells its name in", () => {
    const runner = { PATH: 'C:\\Windows\\system32', TEMP: 'C:\\Temp', SystemRoot: 'C:\\Windows' };
    const env = scrubEnvironment(runner, { Path: 'C:\\tools;${env.PATH}', temp: 'D:\\scratch' }, 'tool', 'win32');
    expect(env).toEqual({ Path: 'C:\\tools;C:\\Windows\\system32', temp: 'D:\\scratch', SystemRoot: 'C:\\Windows' });
    // Elsewhere names are case-sensitive: both are variables of their own.
    expect(scrubEnvironment(runner, { Path: 'x' }, 'tool', 'linux')).toEqual({ PATH: runner.PATH, TEMP: runner.TEMP, Path: 'x' });
  });
});
