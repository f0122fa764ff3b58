// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// A sell cap the owner keeps per holder: set to zero, that holder cannot sell. Look-alikes:
/// a per-holder lock the transfer path subtracts from the balance (a vesting schedule set
/// at deployment), and an allowance, are not limits the owner controls.
contract PerHolderCap {
    mapping(address => uint256) private _balances;
    mapping(address => uint256) private _sellCap;
    mapping(address => uint256) private _vested;
    mapping(address => mapping(address => uint256)) private _allowances;
    address public owner;
    address public pair;
    uint256 public totalSupply = 1e24;

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    constructor(address pair_, address team) {
        owner = msg.sender;
        pair = pair_;
        _balances[msg.sender] = totalSupply;
        _vested[team] = 1e22;
    }

    function balanceOf(address a) public view returns (uint256) {
        return _balances[a];
    }

    function transfer(address to, uint256 value) public returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) public returns (bool) {
        require(value <= _allowances[from][msg.sender], "allowance");
        _allowances[from][msg.sender] -= value;
        _transfer(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) public returns (bool) {
        _allowances[msg.sender][spender] = value;
        return true;
    }

    function setSellCap(address holder, uint256 cap) external onlyOwner { // @expect max-tx-amount
        _sellCap[holder] = cap;
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(_balances[from] - _vested[from] >= value, "vested");
        if (to == pair && from != owner) {
            require(value <= _sellCap[from], "over cap");
        }
        _balances[from] -= value;
        _balances[to] += value;
    }
}
