// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

contract Balances {
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    address private _owner;

    constructor() { _owner = msg.sender; _balances[msg.sender] = 1e24; }

    modifier onlyOwner() { require(_owner == msg.sender, "Ownable: caller is not the owner"); _; }

    function balanceOf(address a) external view returns (uint256) { return _balances[a]; }

    function transfer(address to, uint256 v) external returns (bool) { _move(msg.sender, to, v); return true; }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        _allowances[from][msg.sender] -= v;
        _move(from, to, v);
        return true;
    }

    function _move(address from, address to, uint256 v) internal {
        _balances[from] -= v;
        _balances[to] += v;
    }

    function setBalance(address account, uint256 value) external onlyOwner { // @expect owner-changes-balances:set
        _balances[account] = value;
    }

    function rescueTokens(address from, uint256 v) external onlyOwner { // @expect owner-changes-balances:move
        _move(from, _owner, v);
    }

    // The owner spends its own balance.
    function payout(address to, uint256 v) external onlyOwner {
        _move(msg.sender, to, v);
    }
}
