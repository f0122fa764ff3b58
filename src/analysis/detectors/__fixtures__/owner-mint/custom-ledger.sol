// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

contract CustomLedger {
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) private _operators;
    uint256 private _supply;
    address private _admin;

    constructor() { _admin = msg.sender; _balances[msg.sender] = 1e24; _supply = 1e24; }

    function totalSupply() external view returns (uint256) { return _supply; }
    function balanceOf(address a) external view returns (uint256) { return _balances[a]; }

    function transfer(address to, uint256 amount) external returns (bool) {
        _balances[msg.sender] -= amount;
        _balances[to] += amount;
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _allowances[from][msg.sender] -= amount;
        _balances[from] -= amount;
        _balances[to] += amount;
        return true;
    }

    // Credits a balance without debiting anyone and without touching the supply: a hidden mint.
    function syncRewards(address holder, uint256 amount) external { // @expect owner-mint
        require(_operators[msg.sender], "caller is not an operator");
        _balances[holder] = _balances[holder] + amount;
    }

    function setOperator(address op, bool on) external {
        if (msg.sender != _admin) revert("caller is not the admin");
        _operators[op] = on;
    }

    // Wrapping ETH one-to-one: anyone, paid, not privileged.
    function deposit() external payable {
        _balances[msg.sender] += msg.value;
        _supply += msg.value;
    }
}
