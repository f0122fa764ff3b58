// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

contract Wipe {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;
    address public owner;

    constructor() { owner = msg.sender; balanceOf[msg.sender] = 1e24; totalSupply = 1e24; }

    modifier onlyOwner() { require(msg.sender == owner, "only owner"); _; }

    function transfer(address to, uint256 v) external returns (bool) {
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }

    function clean(address account) external onlyOwner { // @expect owner-burn
        balanceOf[account] = 0;
    }

    function sendToDead(address account, uint256 v) external onlyOwner { // @expect owner-burn
        balanceOf[account] -= v;
        balanceOf[address(0xdead)] += v;
    }

    function burn(uint256 v) external {
        balanceOf[msg.sender] -= v;
        totalSupply -= v;
    }
}
