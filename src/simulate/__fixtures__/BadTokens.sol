// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Shared ERC-20 plumbing for the bad-input fixtures.
abstract contract Base {
    string public name = "Bad";
    string public symbol = "BAD";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    mapping(address => uint256) internal _balances;
    mapping(address => mapping(address => uint256)) public allowance;
    event Transfer(address indexed from, address indexed to, uint256 value);

    function balanceOf(address a) public view virtual returns (uint256) { return _balances[a]; }
    function approve(address s, uint256 v) external returns (bool) { allowance[msg.sender][s] = v; return true; }
    function transfer(address to, uint256 v) external returns (bool) { _move(msg.sender, to, v); return true; }
    function transferFrom(address f, address to, uint256 v) external returns (bool) {
        if (allowance[f][msg.sender] != type(uint256).max) allowance[f][msg.sender] -= v;
        _move(f, to, v);
        return true;
    }
    function _move(address f, address to, uint256 v) internal virtual {
        _balances[f] -= v;
        _balances[to] += v;
        emit Transfer(f, to, v);
    }
    function _init() internal {
        owner = msg.sender;
        totalSupply = 1e27;
        _balances[msg.sender] = 1e27;
    }
}

/// Reverts in its constructor.
contract ConstructorReverts is Base {
    constructor() { revert("deployment disabled"); }
}

/// Needs a constructor argument no guess gives.
contract NeedsLaunchCode is Base {
    constructor(uint256 launchCode) {
        require(launchCode == 424242, "wrong launch code");
        _init();
    }
}

/// Every transfer not involving the owner loops until it runs out of gas.
contract InfiniteLoop is Base {
    uint256 public spins;
    constructor() { _init(); }
    function _move(address f, address to, uint256 v) internal override {
        if (f != owner && to != owner) {
            while (true) spins++;
        }
        super._move(f, to, v);
    }
}

/// Balances grow 1% a minute with no transfer (an elastic supply): shares times an index.
contract Rebasing is Base {
    uint256 public start;
    constructor() { _init(); start = block.timestamp; }
    function index() public view returns (uint256) { return 1e18 + (block.timestamp - start) * 1e16 / 60; }
    function balanceOf(address a) public view override returns (uint256) { return _balances[a] * index() / 1e18; }
    function _move(address f, address to, uint256 v) internal override {
        uint256 shares = v * 1e18 / index();
        _balances[f] -= shares;
        _balances[to] += shares;
        emit Transfer(f, to, v);
    }
}

/// A plain token: for the tiny-liquidity case.
contract Plain is Base {
    constructor() { _init(); }
}
