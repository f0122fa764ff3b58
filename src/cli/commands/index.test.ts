import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Command } from 'commander';
import { COMMANDS, COMMAND_NAMES, commandNamed, registerCommands } from './index.ts';

describe('the command list', () => {
  it('summarises every command as its own file registers it (the top-level help loads none of them)', async () => {
    const standard = new Command().createHelp();
    for (const name of COMMAND_NAMES) {
      const program = new Command();
      (await COMMANDS[name]!.load()).register(program);
      const registered = program.commands.find((c) => c.name() === name);
      assert.ok(registered, `${name}.ts registers "${name}"`);
      assert.equal(COMMANDS[name]!.term, standard.subcommandTerm(registered), `term of ${name}`);
      assert.equal(COMMANDS[name]!.description, registered.description(), `description of ${name}`);
    }
  });

  it('finds the command a command line runs or asks help for', () => {
    assert.equal(commandNamed(['node', 'scopeward', 'scan', 'x.sol']), 'scan');
    assert.equal(commandNamed(['node', 'scopeward', 'help', 'keys']), 'keys');
    assert.equal(commandNamed(['node', 'scopeward', '--help']), undefined);
    assert.equal(commandNamed(['node', 'scopeward', 'help']), undefined);
    assert.equal(commandNamed(['node', 'scopeward', 'toString']), undefined, 'not an inherited property');
    assert.equal(commandNamed(['node', 'scopeward']), undefined);
  });

  it('registers summaries that the help shows with their arguments and options', async () => {
    const program = new Command().name('scopeward');
    await registerCommands(program, ['node', 'scopeward', '--help']);
    const help = program.helpInformation();
    for (const entry of Object.values(COMMANDS)) assert.ok(help.includes(entry.term), `help shows "${entry.term}"`);
    assert.match(help, /help \[command\]/);
  });
});
