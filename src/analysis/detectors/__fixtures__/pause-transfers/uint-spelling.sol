// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// The pausable override spells the amount `uint`, the base `uint256`: still one function.
contract BaseToken {
    mapping(address => uint256) balances;

    function balanceOf(address a) public view returns (uint256) { return balances[a]; }

    function transfer(address to, uint256 value) public virtual returns (bool) {
        balances[msg.sender] -= value;
        balances[to] += value;
        return true;
    }
}

contract SpelledPausable is BaseToken {
    address owner;
    bool paused;

    constructor() { owner = msg.sender; balances[msg.sender] = 1e24; }

    modifier whenNotPaused() { require(!paused); _; }

    function pause() public { // @expect pause-transfers
        require(msg.sender == owner);
        paused = true;
    }

    function transfer(address to, uint value) public override whenNotPaused returns (bool) {
        return super.transfer(to, value);
    }
}
