import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSources } from './analyze.ts';

const TOKEN = `pragma solidity ^0.8.0;
contract Owned {
  address public owner = msg.sender;
  modifier onlyOwner() { require(msg.sender == owner, "not owner"); _; }
  function transferOwnership(address next) external onlyOwner { owner = next; }
}
contract Tok is Owned {
  mapping(address => uint256) private _ledger;
  mapping(address => bool) public frozen;
  uint256 public totalSupply;
  uint256 public sellFee = 2;
  uint256 public maxTxAmount = type(uint256).max;
  bool public tradingOpen;
  function balanceOf(address a) external view returns (uint256) { return _ledger[a]; }
  function transfer(address to, uint256 amount) external returns (bool) {
    require(tradingOpen || msg.sender == owner, "closed");
    require(!frozen[msg.sender], "frozen");
    require(amount <= maxTxAmount, "max tx");
    uint256 fee = amount * sellFee / 100;
    _ledger[msg.sender] -= amount;
    _ledger[to] += amount - fee;
    return true;
  }
  function setFreeze(address who, bool on) external onlyOwner { frozen[who] = on; }
  function unlock() external onlyOwner { tradingOpen = true; }
  function setSellFee(uint256 f) external onlyOwner { sellFee = f; }
  function setMaxTx(uint256 m) external onlyOwner { maxTxAmount = m; }
  function mintTo(address to, uint256 amount) external onlyOwner { _ledger[to] += amount; totalSupply += amount; }
  function setNote(string calldata) external onlyOwner {}
}`;

test('the owner powers of a token: kind, ABI signature, line, ledger and trading switch, whatever the names', () => {
  const [tok, ...others] = analyzeSources({ 'Tok.sol': TOKEN }).tokenPowers;
  assert.equal(others.length, 0);
  assert.equal(tok?.contract, 'Tok');
  assert.deepEqual(tok.ledger, { name: '_ledger', contract: 'Tok' });
  const bySignature = new Map(tok.powers.map((p) => [p.signature, p]));
  assert.equal(bySignature.get('setFreeze(address,bool)')?.kind, 'blacklist');
  assert.equal(bySignature.get('setFreeze(address,bool)')?.line, 24);
  assert.equal(bySignature.get('unlock()')?.kind, 'trading-switch');
  assert.equal(bySignature.get('setSellFee(uint256)')?.kind, 'set-fees');
  assert.equal(bySignature.get('setMaxTx(uint256)')?.kind, 'max-tx');
  assert.equal(bySignature.get('mintTo(address,uint256)')?.kind, 'mint');
  assert.deepEqual(bySignature.get('setFreeze(address,bool)')?.params, [
    { name: 'who', type: 'address' },
    { name: 'on', type: 'bool' },
  ]);
  // Handing over ownership and functions that touch nothing a transfer reads are not powers over holders.
  assert.ok(!bySignature.has('transferOwnership(address)'));
  assert.ok(!bySignature.has('setNote(string)'));
  assert.deepEqual(
    tok.tradingSwitches.map((p) => p.signature),
    ['unlock()'],
  );
});

test('a contract with no token model has no powers; the field is empty on empty input', () => {
  assert.deepEqual(
    analyzeSources({ 'C.sol': 'pragma solidity ^0.8.0; contract C { uint256 x; function f() external { x = 1; } }' }).tokenPowers,
    [],
  );
  assert.deepEqual(analyzeSources({}).tokenPowers, []);
});

test('the state variable owner() and totalSupply() return as they are, and none when a view computes its answer', () => {
  const [tok] = analyzeSources({ 'Tok.sol': TOKEN }).tokenPowers;
  // Public variables: their getters answer the views.
  assert.deepEqual(tok?.views, { owner: { name: 'owner', contract: 'Owned' }, totalSupply: { name: 'totalSupply', contract: 'Tok' } });

  const oz = `pragma solidity ^0.8.0;
abstract contract Ownable {
  address private _owner;
  function owner() public view virtual returns (address) { return (_owner); }
  function renounceOwnership() public { require(msg.sender == _owner); _owner = address(0); }
}
contract Base {
  mapping(address => uint256) internal _balances;
  uint256 private _totalSupply;
  function totalSupply() public view virtual returns (uint256) { return _totalSupply; }
  function transfer(address to, uint256 v) external returns (bool) { _balances[msg.sender] -= v; _balances[to] += v; return true; }
}
contract Hidden is Base, Ownable {
  address private _realOwner;
  bool private _fake;
  // A fake renounce: owner() answers the zero address while _realOwner keeps the power.
  function owner() public view override returns (address) { return _fake ? address(0) : _realOwner; }
}
contract Plain is Base, Ownable {}
contract Guarded is Base, Ownable {
  modifier onlyOwner() { require(msg.sender == owner()); _; }
  function totalSupply() public view override onlyOwner returns (uint256) { return Base.totalSupply(); }
}`;
  const byName = new Map(analyzeSources({ 'Oz.sol': oz }).tokenPowers.map((p) => [p.contract, p]));
  assert.deepEqual(byName.get('Plain')?.views, {
    owner: { name: '_owner', contract: 'Ownable' },
    totalSupply: { name: '_totalSupply', contract: 'Base' },
  });
  // The most-derived owner() computes its answer: called, not read as a slot.
  assert.deepEqual(byName.get('Hidden')?.views, { totalSupply: { name: '_totalSupply', contract: 'Base' } });
  // A modifier on the view (it may revert), a body that is not a bare variable: called.
  assert.deepEqual(byName.get('Guarded')?.views, { owner: { name: '_owner', contract: 'Ownable' } });
});
