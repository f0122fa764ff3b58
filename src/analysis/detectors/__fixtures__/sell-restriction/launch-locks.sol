// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Trading starts closed and only the owner opens it; the addresses let through meanwhile
/// were chosen in the constructor (no setter): every other holder is locked in.
contract ConstructorExempt {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) private _exempt;
    address public owner;
    bool public tradingOpen;
    uint256 public totalSupply = 1e24;

    constructor(address router) {
        owner = msg.sender;
        _exempt[msg.sender] = true;
        _exempt[router] = true;
        balanceOf[msg.sender] = totalSupply;
    }

    function openTrading() external {
        require(msg.sender == owner, "owner");
        tradingOpen = true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(tradingOpen || _exempt[msg.sender], "closed"); // @expect sell-restriction:closed
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

/// A transfer that "succeeds" without moving anything: a sell by a seller the owner has
/// not approved emits the event, returns true and leaves the balances alone.
contract SilentSkip {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) private _canSell;
    address public owner;
    address public pair;
    uint256 public totalSupply = 1e24;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(address pair_) {
        owner = msg.sender;
        pair = pair_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setCanSell(address who, bool ok) external {
        require(msg.sender == owner, "owner");
        _canSell[who] = ok;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (to == pair && !_canSell[msg.sender]) { // @expect sell-restriction:approved
            emit Transfer(msg.sender, to, value);
            return true;
        }
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}
