// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Stakes anyone pays in, that only the owner can pay out (to whom it chooses): the
/// depositors have no way to withdraw on their own.
contract OwnerReleasedStakes {
    address payable public owner;
    mapping(address => uint256) public stakes;

    constructor() {
        owner = payable(msg.sender);
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    receive() external payable {
        stakes[msg.sender] += msg.value;
    }

    function release(address payable from, uint256 amount) external onlyOwner { // @expect sell-restriction:locked
        require(amount <= stakes[from], "stake");
        stakes[from] -= amount;
        from.transfer(amount);
    }
}

/// A game bank whose players withdraw their winnings themselves, and whose owner can
/// destroy it and take every unpaid balance with it.
contract GameBank {
    address payable public owner;
    mapping(address => uint256) public winnings;

    constructor() {
        owner = payable(msg.sender);
    }

    function play() external payable {
        if (uint256(blockhash(block.number - 1)) % 2 == 0) winnings[msg.sender] += msg.value * 2;
    }

    function withdraw() external {
        uint256 amount = winnings[msg.sender];
        winnings[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }

    function close() external {
        require(msg.sender == owner, "owner");
        selfdestruct(owner); // @expect sell-restriction:destroy
    }
}

/// A savings box whose depositors withdraw their own balance, and whose owner can also
/// send out any amount without touching anyone's balance: it can empty the box first.
contract SweptSavingsBox {
    address payable public owner;
    mapping(address => uint256) public saved;

    constructor() {
        owner = payable(msg.sender);
    }

    function save() external payable {
        saved[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        saved[msg.sender] -= amount;
        payable(msg.sender).transfer(amount);
    }

    function sweep(uint256 amount) external { // @expect sell-restriction:drain
        require(msg.sender == owner, "owner");
        owner.transfer(amount);
    }
}

/// Auditors stake for a job and withdraw the stake once allowed (a check on their own
/// entitlement, not an authority); the owner can send any amount anywhere meanwhile.
contract StakeEscrow {
    address public owner;
    uint256 public stake = 1 ether;
    mapping(address => mapping(uint256 => bool)) public canWithdraw;

    constructor() {
        owner = msg.sender;
    }

    function join(uint256 job) external payable {
        require(msg.value == stake, "stake");
        canWithdraw[msg.sender][job] = true;
    }

    function withdrawStake(uint256 job) external {
        require(canWithdraw[msg.sender][job], "not allowed");
        canWithdraw[msg.sender][job] = false;
        payable(msg.sender).transfer(stake);
    }

    function send(address payable to, uint256 amount) external { // @expect sell-restriction:drain
        require(msg.sender == owner, "owner");
        to.transfer(amount);
    }
}

/// Look-alikes: a savings box whose owner can only return a saver's balance to that
/// saver (it settles the entry it pays), and a tip jar the owner may destroy because it
/// owes nobody anything.
contract SavingsBox {
    address payable public owner;
    mapping(address => uint256) public saved;

    constructor() {
        owner = payable(msg.sender);
    }

    function save() external payable {
        saved[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        saved[msg.sender] -= amount;
        payable(msg.sender).transfer(amount);
    }

    function refund(address payable saver) external {
        require(msg.sender == owner, "owner");
        uint256 amount = saved[saver];
        saved[saver] = 0;
        saver.transfer(amount);
    }
}

contract TipJar {
    address payable public owner;

    constructor() {
        owner = payable(msg.sender);
    }

    receive() external payable {}

    function close() external {
        require(msg.sender == owner, "owner");
        selfdestruct(owner);
    }
}
