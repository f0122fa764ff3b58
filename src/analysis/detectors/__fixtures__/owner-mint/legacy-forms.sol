// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// Older ways of writing the same powers: hand-written safe arithmetic, an OpenZeppelin 2.x
/// style role library, a modifier that runs the body only for the owner, and a public sale
/// whose rate the owner sets without limit.
library Roles {
    struct Role { mapping(address => bool) bearer; }
    function add(Role storage role, address account) internal { require(!has(role, account)); role.bearer[account] = true; }
    function has(Role storage role, address account) internal view returns (bool) {
        require(account != address(0));
        return role.bearer[account];
    }
}

contract SafeArithmetic {
    function safeAdd(uint256 x, uint256 y) internal pure returns (uint256 z) { assert((z = x + y) >= x); }
    function safeSub(uint256 x, uint256 y) internal pure returns (uint256) { assert(y <= x); return x - y; }
}

contract LegacyForms is SafeArithmetic {
    using Roles for Roles.Role;
    Roles.Role private minters;
    mapping(address => uint256) private accounts;
    uint256 private tokenCount;
    address private owner;
    uint256 public rate = 100;
    uint256 public price = 100;

    constructor() { owner = msg.sender; minters.add(msg.sender); }

    modifier onlyOwner() { if (msg.sender == owner) _; }
    modifier onlyMinter() { require(minters.has(msg.sender)); _; }

    function totalSupply() external view returns (uint256) { return tokenCount; }
    function balanceOf(address a) external view returns (uint256) { return accounts[a]; }

    function transfer(address to, uint256 value) external returns (bool) {
        accounts[msg.sender] = safeSub(accounts[msg.sender], value);
        accounts[to] = safeAdd(accounts[to], value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        accounts[from] = safeSub(accounts[from], value);
        accounts[to] = safeAdd(accounts[to], value);
        return true;
    }

    function createTokens(uint256 value) external onlyOwner { // @expect owner-mint:mint
        accounts[msg.sender] = safeAdd(accounts[msg.sender], value);
        tokenCount = safeAdd(tokenCount, value);
    }

    function mint(address to, uint256 value) external onlyMinter { // @expect owner-mint:mint
        accounts[to] = safeAdd(accounts[to], value);
        tokenCount = safeAdd(tokenCount, value);
    }

    // Re-issues the whole supply to a wallet of the owner's choice, as often as it likes.
    function initialize(address wallet, uint256 supply) external onlyOwner { // @expect owner-mint:mint
        tokenCount = supply;
        accounts[wallet] = tokenCount;
    }

    // Moves the owner's own tokens: the supply does not change and the owner pays.
    function grant(address to, uint256 value) external onlyOwner {
        accounts[msg.sender] = safeSub(accounts[msg.sender], value);
        accounts[to] = safeAdd(accounts[to], value);
    }

    function setRate(uint256 newRate) external onlyOwner { // @expect owner-mint:priced
        rate = newRate;
    }

    // Bounded: the owner cannot raise the price past a fixed ceiling.
    function setPrice(uint256 newPrice) external onlyOwner {
        require(newPrice <= 1000);
        price = newPrice;
    }

    function buy() external payable {
        uint256 tokens = msg.value * rate;
        accounts[msg.sender] = safeAdd(accounts[msg.sender], tokens);
        tokenCount = safeAdd(tokenCount, tokens);
    }

    function buyAtPrice() external payable {
        uint256 tokens = msg.value * price;
        accounts[msg.sender] = safeAdd(accounts[msg.sender], tokens);
        tokenCount = safeAdd(tokenCount, tokens);
    }
}
