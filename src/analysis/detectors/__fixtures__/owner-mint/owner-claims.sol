// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The bounty manager credits any address with any referral reward, and anyone cashes
/// its own entry for the contract's ETH: the manager can pay itself the whole pool.
/// Look-alikes: moving an entry to a new address (the amount is not chosen), rewards the contract computes from a deposit (not an amount the caller
/// chooses), and an owner-set per-address limit nothing pays out.
contract OwnerClaims {
    mapping(address => uint256) public referrer;
    mapping(address => uint256) public deposits;
    mapping(address => uint256) public limit;
    address public bountyManager;

    modifier onlyBountyManager() {
        require(msg.sender == bountyManager, "manager");
        _;
    }

    constructor() {
        bountyManager = msg.sender;
    }

    function deposit(address ref) external payable {
        deposits[msg.sender] += msg.value;
        referrer[ref] += msg.value / 20;
    }

    function updateReferral(address hunter, uint256 amount) external onlyBountyManager { // @expect owner-mint:claim
        referrer[hunter] += amount;
    }

    function replaceHunter(address previous, address next) external onlyBountyManager {
        referrer[next] = referrer[previous];
        referrer[previous] = 0;
    }

    function setLimit(address who, uint256 amount) external onlyBountyManager {
        limit[who] = amount;
    }

    function bounty() external {
        uint256 owed = referrer[msg.sender];
        referrer[msg.sender] = 0;
        payable(msg.sender).transfer(owed);
    }
}

interface IIssuer {
    function issueTokens(address to, uint256 amount) external returns (bool);
}

/// Entitlements the cofounder sets for anyone, redeemed by minting on another contract.
contract EntitlementBox {
    IIssuer public token;
    address public cofounder;
    mapping(address => uint256) public entitled;
    mapping(address => uint256) public issued;

    constructor(IIssuer t) {
        token = t;
        cofounder = msg.sender;
    }

    function addAdvisor(address advisor, uint256 amount) external { // @expect owner-mint:claim
        require(msg.sender == cofounder, "cofounder");
        entitled[advisor] = amount;
    }

    function redeem() external {
        uint256 due = entitled[msg.sender] / 10;
        require(issued[msg.sender] + due <= entitled[msg.sender], "done");
        issued[msg.sender] += due;
        require(token.issueTokens(msg.sender, due), "issue");
    }
}

interface IHeldToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// Deposit records the owner writes in a batch, for any list of holders and amounts, and
/// that `withdraw` pays out of the tokens every depositor put in: the owner can record a
/// deposit it never made and withdraw the others' tokens. Look-alikes: `extend` rewrites
/// only the time of a record and `setDelegate` an address in it, not an amount.
contract HoldingRecords {
    struct Record {
        uint256 amount;
        uint256 since;
        address delegate;
    }

    IHeldToken public token;
    address public owner;
    mapping(address => Record) public records;

    constructor(IHeldToken t) {
        token = t;
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    function importRecords(address[] calldata users, uint256[] calldata amounts) external onlyOwner { // @expect owner-mint:claim
        require(users.length == amounts.length, "length");
        for (uint256 i = 0; i < users.length; i++) {
            Record memory record = Record(amounts[i], block.timestamp, users[i]);
            records[users[i]] = record;
        }
    }

    function extend(address user) external onlyOwner {
        records[user].since = block.timestamp;
    }

    function setDelegate(address user, address delegate) external onlyOwner {
        records[user].delegate = delegate;
    }

    function deposit(uint256 amount) external {
        records[msg.sender].amount += amount;
        records[msg.sender].since = block.timestamp;
        require(token.transferFrom(msg.sender, address(this), amount), "transferFrom");
    }

    function withdraw() external {
        Record memory record = records[msg.sender];
        require(record.amount > 0, "nothing");
        delete records[msg.sender];
        require(token.transfer(msg.sender, record.amount), "transfer");
    }
}

/// Look-alike: a vesting manager that assigns schedules only out of tokens the contract
/// holds and has not promised yet; the check ties every claim to funds already there.
contract BackedVesting {
    struct Schedule {
        uint256 amount;
        uint256 released;
    }

    IHeldToken public token;
    address public manager;
    uint256 public promised;
    mapping(address => Schedule) public schedules;

    constructor(IHeldToken t) {
        token = t;
        manager = msg.sender;
    }

    function assign(address who, uint256 amount) external {
        require(msg.sender == manager, "manager");
        require(IBalance(address(token)).balanceOf(address(this)) >= promised + amount, "unbacked");
        promised += amount;
        schedules[who] = Schedule(amount, 0);
    }

    function release() external {
        Schedule memory s = schedules[msg.sender];
        uint256 due = s.amount - s.released;
        schedules[msg.sender].released = s.amount;
        promised -= due;
        require(token.transfer(msg.sender, due), "transfer");
    }
}

interface IBalance {
    function balanceOf(address who) external view returns (uint256);
}

/// A teller bank: the owner credits any teller with any balance, and a teller cashes its
/// own balance to whichever address it names.
contract TellerBank {
    IHeldToken public token;
    address public owner;
    mapping(address => uint256) public tellerBalance;

    constructor(IHeldToken t) {
        token = t;
        owner = msg.sender;
    }

    function addTeller(address teller, uint256 value) external { // @expect owner-mint:claim
        require(msg.sender == owner, "owner");
        tellerBalance[teller] += value;
    }

    function cashOut(address receiver) external {
        uint256 amount = tellerBalance[msg.sender];
        tellerBalance[msg.sender] = 0;
        require(token.transfer(receiver, amount), "transfer");
    }
}
