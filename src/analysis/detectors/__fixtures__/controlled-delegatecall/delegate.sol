// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

contract Executor {
    address public owner = msg.sender;
    address public module;
    address public immutable library_;

    constructor(address lib) { library_ = lib; }

    function setModule(address m) external {
        require(msg.sender == owner, "only owner");
        module = m;
    }

    function execute(address target, bytes calldata data) external returns (bytes memory) {
        require(msg.sender == owner, "only owner");
        (bool ok, bytes memory out) = target.delegatecall(data); // @expect controlled-delegatecall
        require(ok, "delegatecall failed");
        return out;
    }

    function runModule(bytes calldata data) external {
        (bool ok, ) = module.delegatecall(data); // @expect controlled-delegatecall
        require(ok, "module failed");
    }

    // A fixed, immutable target: not controllable.
    function runLibrary(bytes calldata data) external {
        (bool ok, ) = library_.delegatecall(data);
        require(ok, "library call failed");
    }
}
