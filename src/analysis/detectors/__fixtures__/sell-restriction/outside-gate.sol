// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface IGate {
    function allowed(address from, address to, uint256 amount) external view returns (bool);
}

interface IBook {
    function canMove(address holder) external view returns (bool);
}

/// Outside gates: the transfer asks another contract whether it may go through. The
/// gate's address is replaceable by the owner, written into the code, or fixed at
/// deployment: whoever controls that contract decides who can sell.
contract GatedByOwnerSetContract {
    mapping(address => uint256) public balanceOf;
    address public owner;
    address public gate;
    uint256 public totalSupply = 1e24;

    constructor(address gate_) {
        owner = msg.sender;
        gate = gate_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setGate(address g) external {
        require(msg.sender == owner, "owner");
        gate = g;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(IGate(gate).allowed(msg.sender, to, value), "denied"); // @expect sell-restriction:gate
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

contract GatedByHardCodedContract {
    mapping(address => uint256) public balanceOf;
    address private constant REGISTRY = 0x00000000000000000000000000000000A11CE5C0;
    uint256 public totalSupply = 1e24;

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) internal {
        bool ok = IBook(REGISTRY).canMove(from);
        if (!ok) revert("held"); // @expect sell-restriction:gate
        balanceOf[from] -= value;
        balanceOf[to] += value;
    }
}

/// The answer decides whether the balances move at all: a transfer that "succeeds"
/// without moving anything is a sell that never happens.
contract LedgerDecidedOutside {
    mapping(address => uint256) public balanceOf;
    IBook private immutable book;
    uint256 public totalSupply = 1e24;

    constructor(IBook book_) {
        book = book_;
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (book.canMove(msg.sender)) { // @expect sell-restriction:gate
            balanceOf[msg.sender] -= value;
            balanceOf[to] += value;
        }
        return true;
    }
}

interface IFeeBook {
    function feeOf(address from, address to) external view returns (uint256);
}

/// The answer decides how much the receiver is credited: a fee in basis points that the
/// outside contract may set to all of it (or past it, and every sale reverts).
contract FeeDecidedOutside {
    mapping(address => uint256) public balanceOf;
    address public feeBook;
    address public owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setFeeBook(address b) external {
        require(msg.sender == owner, "owner");
        feeBook = b;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 fee = IFeeBook(feeBook).feeOf(msg.sender, to);
        uint256 cut = (value * fee) / 10000;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - cut; // @expect sell-restriction:gateAmount
        balanceOf[owner] += cut;
        return true;
    }
}
