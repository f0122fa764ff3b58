// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// A ceiling that confiscates anyway (99% of the sale) is reported; a ceiling of 25% is a
/// tax, not a trap (fees-exceed-limit judges that one).
contract NinetyNinePercentCap {
    mapping(address => uint256) public balanceOf;
    address public pair;
    address public owner;
    uint256 public sellTax = 5;
    uint256 public totalSupply = 1e24;

    constructor(address pair_) { owner = msg.sender; pair = pair_; balanceOf[msg.sender] = totalSupply; }

    function setSellTax(uint256 tax) external {
        require(msg.sender == owner, "owner");
        require(tax <= 99, "max 99");
        sellTax = tax;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        uint256 fee = 0;
        if (to == pair) {
            fee = amount * sellTax / 100; // @expect sell-restriction:fee
        }
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount - fee;
        balanceOf[owner] += fee;
        return true;
    }
}

contract QuarterCap {
    mapping(address => uint256) public balanceOf;
    address public pair;
    address public owner;
    uint256 public sellTax = 5;
    uint256 public totalSupply = 1e24;

    constructor(address pair_) { owner = msg.sender; pair = pair_; balanceOf[msg.sender] = totalSupply; }

    function setSellTax(uint256 tax) external {
        require(msg.sender == owner, "owner");
        require(tax <= 25, "max 25");
        sellTax = tax;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        uint256 fee = 0;
        if (to == pair) {
            fee = amount * sellTax / 100;
        }
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount - fee;
        balanceOf[owner] += fee;
        return true;
    }
}
