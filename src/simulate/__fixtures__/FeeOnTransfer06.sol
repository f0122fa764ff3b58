// SPDX-License-Identifier: MIT
pragma solidity ^0.6.0;

/// A 0.6-era fee-on-transfer token: 3% of every transfer not involving the owner goes to the owner.
contract FeeOnTransfer06 {
    string public name;
    string public symbol;
    uint8 public decimals = 18;
    uint256 public totalSupply;
    address public owner;
    uint256 public feePercent = 3;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint256 supply) public {
        name = name_;
        symbol = symbol_;
        owner = msg.sender;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(allowance[from][msg.sender] >= amount, "allowance");
        if (allowance[from][msg.sender] != uint256(-1)) allowance[from][msg.sender] -= amount;
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(balanceOf[from] >= amount, "balance");
        uint256 fee = (from == owner || to == owner) ? 0 : amount * feePercent / 100;
        balanceOf[from] -= amount;
        balanceOf[to] += amount - fee;
        balanceOf[owner] += fee;
        emit Transfer(from, to, amount - fee);
    }
}
