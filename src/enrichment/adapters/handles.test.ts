import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  HandleError,
  sortLinks,
  discordInvite,
  discordLink,
  githubLink,
  githubTarget,
  redditLink,
  subredditName,
  telegramHandle,
  telegramLink,
  xLink,
  xUsername,
} from './handles.ts';

function refusal(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    assert.ok(error instanceof HandleError, `expected a HandleError, got ${String(error)}`);
    return error.message;
  }
  assert.fail('expected the input to be refused');
}

describe('telegramHandle', () => {
  it('accepts the forms people paste', () => {
    for (const input of [
      '@scope_ward',
      'scope_ward',
      't.me/scope_ward',
      'https://t.me/scope_ward',
      'http://telegram.me/scope_ward/',
      ' https://t.me/s/scope_ward?x=1 ',
    ]) {
      assert.equal(telegramHandle(input), 'scope_ward', input);
    }
  });

  it('refuses invite links with a sentence saying why', () => {
    assert.match(
      refusal(() => telegramHandle('https://t.me/+AbCdEf123')),
      /invite link.*public @handle/,
    );
    assert.match(
      refusal(() => telegramHandle('t.me/joinchat/AAAAAE')),
      /invite link/,
    );
  });

  it('refuses other sites and impossible names', () => {
    assert.match(
      refusal(() => telegramHandle('https://discord.gg/abc')),
      /not a Telegram link/,
    );
    assert.match(
      refusal(() => telegramHandle('@ab')),
      /not a public Telegram username/,
    );
    assert.match(
      refusal(() => telegramHandle('@1starts_with_digit')),
      /not a public Telegram username/,
    );
    assert.match(
      refusal(() => telegramHandle('  ')),
      /no Telegram handle/,
    );
  });

  it('builds the canonical link back', () => {
    assert.equal(telegramLink(telegramHandle('@scope_ward')), 'https://t.me/scope_ward');
  });
});

describe('discordInvite', () => {
  it('accepts discord.gg, discord.com/invite and bare codes', () => {
    for (const input of [
      'https://discord.gg/Ab12Cd',
      'discord.gg/Ab12Cd',
      'https://discord.com/invite/Ab12Cd',
      'https://discordapp.com/invite/Ab12Cd?foo',
      'Ab12Cd',
    ]) {
      assert.equal(discordInvite(input), 'Ab12Cd', input);
    }
    assert.equal(discordInvite('discord.gg/my-vanity'), 'my-vanity');
  });

  it('refuses links that are not invites', () => {
    assert.match(
      refusal(() => discordInvite('https://discord.com/channels/123/456')),
      /not a Discord invite link/,
    );
    assert.match(
      refusal(() => discordInvite('https://t.me/abc')),
      /not a Discord invite link/,
    );
    assert.match(
      refusal(() => discordInvite('not a code')),
      /not a Discord invite code/,
    );
  });

  it('builds the canonical link back', () => {
    assert.equal(discordLink('Ab12Cd'), 'https://discord.gg/Ab12Cd');
  });
});

describe('subredditName', () => {
  it('accepts r/ links, full links and bare names', () => {
    for (const input of [
      'ethereum',
      'r/ethereum',
      '/r/ethereum/',
      'https://www.reddit.com/r/ethereum/',
      'old.reddit.com/r/ethereum/comments/x/y',
      'https://reddit.com/r/ethereum?sort=new',
    ]) {
      assert.equal(subredditName(input), 'ethereum', input);
    }
  });

  it('refuses user profiles and other sites', () => {
    assert.match(
      refusal(() => subredditName('https://www.reddit.com/user/someone')),
      /user profile/,
    );
    assert.match(
      refusal(() => subredditName('u/someone')),
      /user profile/,
    );
    assert.match(
      refusal(() => subredditName('https://x.com/r/ethereum')),
      /not a Reddit link/,
    );
    assert.match(
      refusal(() => subredditName('r/this_name_is_far_too_long_for_reddit')),
      /not a subreddit name/,
    );
  });

  it('builds the canonical link back', () => {
    assert.equal(redditLink('ethereum'), 'https://www.reddit.com/r/ethereum');
  });
});

describe('xUsername', () => {
  it('accepts @names, x.com and twitter.com links', () => {
    for (const input of [
      '@Scope_Ward',
      'Scope_Ward',
      'x.com/Scope_Ward',
      'https://twitter.com/Scope_Ward',
      'https://mobile.twitter.com/Scope_Ward/status/12345',
      'https://www.x.com/Scope_Ward?lang=en',
    ]) {
      assert.equal(xUsername(input), 'Scope_Ward', input);
    }
  });

  it('refuses site pages, other sites and impossible names', () => {
    assert.match(
      refusal(() => xUsername('https://x.com/i/communities/123')),
      /page, not an account/,
    );
    assert.match(
      refusal(() => xUsername('https://x.com/search?q=a')),
      /page, not an account/,
    );
    assert.match(
      refusal(() => xUsername('https://t.me/abc')),
      /not an X link/,
    );
    assert.match(
      refusal(() => xUsername('@this_name_is_too_long')),
      /not an X username/,
    );
  });

  it('builds the canonical link back', () => {
    assert.equal(xLink('Scope_Ward'), 'https://x.com/Scope_Ward');
  });
});

describe('githubTarget', () => {
  it('reads an organisation alone or with a repository', () => {
    assert.deepEqual(githubTarget('https://github.com/scopeward'), { owner: 'scopeward', repo: '' });
    assert.deepEqual(githubTarget('github.com/orgs/scopeward/repositories'), { owner: 'scopeward', repo: '' });
    assert.deepEqual(githubTarget('https://github.com/scopeward/engine.git'), { owner: 'scopeward', repo: 'engine' });
    assert.deepEqual(githubTarget('https://github.com/scopeward/engine/tree/main/src'), { owner: 'scopeward', repo: 'engine' });
    assert.deepEqual(githubTarget('scopeward/my.repo-1'), { owner: 'scopeward', repo: 'my.repo-1' });
  });

  it('refuses other sites and GitHub pages that are not owners', () => {
    assert.match(
      refusal(() => githubTarget('https://gitlab.com/a/b')),
      /not a GitHub link/,
    );
    assert.match(
      refusal(() => githubTarget('https://gist.github.com/a/123')),
      /not a GitHub link/,
    );
    assert.match(
      refusal(() => githubTarget('https://github.com/sponsors/someone')),
      /does not name a GitHub organisation/,
    );
    assert.match(
      refusal(() => githubTarget('-leading-hyphen')),
      /does not name a GitHub organisation/,
    );
    assert.match(
      refusal(() => githubTarget('owner/..')),
      /does not name a GitHub repository/,
    );
  });

  it('builds the canonical link back', () => {
    assert.equal(githubLink({ owner: 'scopeward', repo: '' }), 'https://github.com/scopeward');
    assert.equal(githubLink({ owner: 'scopeward', repo: 'engine' }), 'https://github.com/scopeward/engine');
  });
});

describe('sortLinks', () => {
  it('sorts full links into fields by site, canonical, first one wins', () => {
    assert.deepEqual(
      sortLinks([
        'https://t.me/first_channel',
        'https://t.me/second_channel',
        'https://discord.com/invite/Ab12Cd',
        'https://twitter.com/Scope_Ward',
        'https://github.com/scopeward/engine.git',
        'https://www.facebook.com/scopeward',
        'https://scopeward.medium.com/',
        'https://www.linkedin.com/company/scopeward',
        'https://bitcointalk.org/index.php?topic=1',
        'https://old.reddit.com/r/scopeward/',
      ]),
      {
        telegram: 'https://t.me/first_channel',
        discord: 'https://discord.gg/Ab12Cd',
        twitter: 'https://x.com/Scope_Ward',
        github: 'https://github.com/scopeward/engine',
        facebook: 'https://www.facebook.com/scopeward',
        medium: 'https://scopeward.medium.com/',
        linkedin: 'https://www.linkedin.com/company/scopeward',
        bitcointalk: 'https://bitcointalk.org/index.php?topic=1',
        reddit: 'https://www.reddit.com/r/scopeward',
      },
    );
  });

  it('drops invite links it cannot count, unknown sites and bare words', () => {
    assert.deepEqual(sortLinks(['https://t.me/+AbCdEf', 'https://gov.example.org/', 'scopeward', '', 'javascript:alert(1)']), {});
  });
});
