// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// A block list kept as a per-holder status number: the owner sets a holder's code to the
/// one the transfer path rejects. Look-alike: a tier code read for a fee, never reverted on.
contract StatusCodeToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint8) private _status;
    mapping(address => uint8) private _tier;
    address public owner;
    uint256 public totalSupply = 1e24;
    uint8 private constant BANNED = 2;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setStatus(address holder, uint8 code) external { // @expect blacklist
        require(msg.sender == owner, "owner");
        _status[holder] = code;
    }

    function setTier(address holder, uint8 tier) external {
        require(msg.sender == owner, "owner");
        _tier[holder] = tier;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(_status[msg.sender] != BANNED, "banned");
        uint256 fee = _tier[msg.sender] == 1 ? value / 100 : 0;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - fee;
        balanceOf[owner] += fee;
        return true;
    }
}
