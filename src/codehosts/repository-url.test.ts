import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRepositoryUrl } from './repository-url.ts';
import { codeHostConfigFromEnv, githubWebUrlOf } from './code-host-config.ts';
import { ScanInputError } from '../dashboard-scans/scan-input-error.ts';
import { MESSAGES } from '../interface/messages.ts';

const config = codeHostConfigFromEnv({});

test('GitHub: repository, branch, folder, .git, www.', () => {
  assert.deepEqual(parseRepositoryUrl('https://github.com/OpenZeppelin/openzeppelin-contracts', config), {
    host: 'github',
    fullName: 'OpenZeppelin/openzeppelin-contracts',
    ref: null,
    path: null,
  });
  assert.deepEqual(parseRepositoryUrl('https://www.github.com/a/b.git', config), {
    host: 'github',
    fullName: 'a/b',
    ref: null,
    path: null,
  });
  assert.deepEqual(parseRepositoryUrl('https://github.com/a/b/tree/v1.0/contracts/token?x=1#y', config), {
    host: 'github',
    fullName: 'a/b',
    ref: 'v1.0',
    path: 'contracts/token',
  });
});

test('GitLab: nested groups, /-/tree/ref/path', () => {
  assert.deepEqual(parseRepositoryUrl('https://gitlab.com/g/sub/proj/-/tree/main/src', config), {
    host: 'gitlab',
    fullName: 'g/sub/proj',
    ref: 'main',
    path: 'src',
  });
  assert.deepEqual(parseRepositoryUrl('https://gitlab.com/g/proj.git', config), {
    host: 'gitlab',
    fullName: 'g/proj',
    ref: null,
    path: null,
  });
});

test('refused: other hosts, missing parts, other pages, other schemes', () => {
  const message = (url: string) => {
    try {
      parseRepositoryUrl(url, config);
    } catch (error) {
      assert.ok(error instanceof ScanInputError);
      return error.message;
    }
    return assert.fail(url);
  };
  assert.equal(message('https://bitbucket.org/a/b'), MESSAGES.dashboardScans.repositoryHost('github.com and gitlab.com'));
  assert.equal(message('https://github.com/a'), MESSAGES.dashboardScans.repositoryUrl);
  assert.equal(message('https://github.com/a/b/issues/1'), MESSAGES.dashboardScans.repositoryUrl);
  assert.equal(message('ftp://github.com/a/b'), MESSAGES.dashboardScans.repositoryUrl);
  assert.equal(message('http://github.com/a/b'), MESSAGES.dashboardScans.repositoryHost('github.com and gitlab.com'));
  assert.equal(message(''), MESSAGES.dashboardScans.repositoryUrl);
});

test('GitHub web root from the API root', () => {
  assert.equal(githubWebUrlOf('https://api.github.com'), 'https://github.com');
  assert.equal(githubWebUrlOf('https://ghe.example.org/api/v3/'), 'https://ghe.example.org');
  assert.equal(codeHostConfigFromEnv({ GITHUB_APP_ID: '1' }).githubApp, null, 'an App needs all of its variables');
});
