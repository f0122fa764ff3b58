// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// Sells treated differently in ways that do not trap holders: a bounded sell tax, a
/// maximum sell size, a list fixed at deployment, and a rule on buys only.
contract SellLookAlikes {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) private _launchTeam;
    mapping(address => bool) private _vip;
    address public pair;
    address public owner;
    uint256 public sellTax = 3;
    uint256 public maxSell = 1e22;
    uint256 public totalSupply = 1e24;

    constructor(address pair_) {
        owner = msg.sender;
        pair = pair_;
        _launchTeam[msg.sender] = true;
        balanceOf[msg.sender] = totalSupply;
    }

    function setSellTax(uint256 tax) external {
        require(msg.sender == owner, "owner");
        require(tax <= 10, "max 10%");
        sellTax = tax;
    }

    function setVip(address who, bool on) external {
        require(msg.sender == owner, "owner");
        _vip[who] = on;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        uint256 fee;
        if (to == pair) {
            require(amount <= maxSell || _launchTeam[msg.sender], "too much");
            require(_launchTeam[msg.sender] || amount > 0, "zero");
            fee = amount * sellTax / 100;
        }
        if (msg.sender == pair) {
            require(_vip[to], "buys are for members");
        }
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount - fee;
        balanceOf[owner] += fee;
        return true;
    }
}
