// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

interface IPairFactory { function getPair(address a, address b) external view returns (address); }

/// A pair map holding the router's pair; sells are stopped by an owner switch and by a per-seller flag.
contract SwitchAndBots {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public marketPairs;
    mapping(address => bool) private _bots;
    address public pool;
    address public owner;
    bool public sellsOpen = true;
    uint256 public totalSupply;

    constructor(IPairFactory factory, address weth) {
        owner = msg.sender;
        pool = factory.getPair(address(this), weth);
        marketPairs[pool] = true;
        totalSupply = 1e24;
        balanceOf[msg.sender] = 1e24;
    }

    function setSellsOpen(bool open) external {
        require(msg.sender == owner);
        sellsOpen = open;
    }

    function flagBot(address who) external {
        require(msg.sender == owner);
        _bots[who] = true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        if (marketPairs[to] && msg.sender != owner) {
            require(sellsOpen, "sells closed"); // @expect sell-restriction:switch
            require(!_bots[msg.sender], "bot"); // @expect sell-restriction:blocked
        }
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}
