// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// Switches that are not booleans: a state code the transfer path compares with a
/// constant. The owner can give it a value under which every transfer reverts.
contract EnumStatus {
    enum Status { Closed, Open }
    mapping(address => uint256) public balanceOf;
    address public owner;
    Status public status = Status.Open;

    constructor() { owner = msg.sender; balanceOf[msg.sender] = 1e24; }

    function setStatus(Status s) external { // @expect pause-transfers
        require(msg.sender == owner, "owner");
        status = s;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        if (msg.sender != owner) require(status == Status.Open, "closed");
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }
}

contract PhaseCode {
    mapping(address => uint256) public balanceOf;
    address public owner;
    uint8 public phase = 2;

    constructor() { owner = msg.sender; balanceOf[msg.sender] = 1e24; }

    function halt() external { // @expect pause-transfers
        require(msg.sender == owner, "owner");
        phase = 1;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        require(phase == 2, "not trading");
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }
}
