// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// A wallet that is not a token: its merchant withdraws the payments it received, and
/// the platform owner can halt every withdrawal with a switch the merchant cannot undo.
/// Look-alikes: a deposit function checked by a switch of its own (it pays nothing
/// out), and a switch that only the withdrawing merchant sets (its own lock).
contract MerchantVault {
    address public owner;
    address public merchant;
    bool public halted;
    bool public depositsOpen = true;
    bool public merchantLock;

    constructor(address m) {
        owner = msg.sender;
        merchant = m;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    modifier onlyMerchant() {
        require(msg.sender == merchant, "merchant");
        _;
    }

    modifier notHalted() {
        if (halted) revert("halted");
        _;
    }

    function halt() external onlyOwner { // @expect pause-transfers:withdrawal
        halted = true;
    }

    function resume() external onlyOwner {
        halted = false;
    }

    function closeDeposits() external onlyOwner {
        depositsOpen = false;
    }

    function lock(bool on) external onlyMerchant {
        merchantLock = on;
    }

    function deposit() external payable {
        require(depositsOpen, "closed");
    }

    function withdrawTo(address payable to, uint256 amount) external onlyMerchant notHalted {
        require(!merchantLock, "locked");
        to.transfer(amount);
    }
}

interface IPaidToken {
    function transfer(address to, uint256 amount) external returns (bool);
}

/// A pre-sale pool: buyers claim their tokens once it closes, unless the owner has
/// stopped claims, which it can do at any time and forever.
contract ClaimPool {
    IPaidToken public token;
    address public owner;
    bool public claimsOpen = true;
    mapping(address => uint256) public owed;

    constructor(IPaidToken t) {
        token = t;
        owner = msg.sender;
    }

    function setClaimsOpen(bool open) external { // @expect pause-transfers:withdrawal
        require(msg.sender == owner, "owner");
        claimsOpen = open;
    }

    function claim() external {
        require(claimsOpen, "claims closed");
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        require(token.transfer(msg.sender, amount), "transfer");
    }
}
