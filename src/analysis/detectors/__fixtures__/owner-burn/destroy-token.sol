// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// An owner selfdestruct in a token destroys the ledger with the contract: every
/// holder's balance is burnt. Look-alikes: a selfdestruct in a contract that keeps no
/// balances (a fee splitter), and a holder burning its own tokens.
contract DestructibleToken {
    mapping(address => uint256) public balanceOf;
    address payable public owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = payable(msg.sender);
        balanceOf[msg.sender] = totalSupply;
    }

    function shutdown() external {
        require(msg.sender == owner, "owner");
        selfdestruct(owner); // @expect owner-burn:destroy
    }

    function burn(uint256 value) external {
        balanceOf[msg.sender] -= value;
        totalSupply -= value;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

contract FeeSplitter {
    address payable public owner;
    address payable public a;
    address payable public b;

    constructor(address payable a_, address payable b_) {
        owner = payable(msg.sender);
        a = a_;
        b = b_;
    }

    function split() external {
        uint256 half = address(this).balance / 2;
        a.transfer(half);
        b.transfer(half);
    }

    function close() external {
        require(msg.sender == owner, "owner");
        selfdestruct(owner);
    }

    receive() external payable {}
}

/// Burning any holder and destroying the token are one power over balances: one
/// finding, critical, on the burn function.
contract BurnsAndDestroys {
    mapping(address => uint256) public balanceOf;
    address payable public owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = payable(msg.sender);
        balanceOf[msg.sender] = totalSupply;
    }

    function burnFrom(address holder, uint256 value) external { // @expect owner-burn:burnAndDestroy
        require(msg.sender == owner, "owner");
        balanceOf[holder] -= value;
        totalSupply -= value;
    }

    function kill() external {
        require(msg.sender == owner, "owner");
        selfdestruct(owner);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
