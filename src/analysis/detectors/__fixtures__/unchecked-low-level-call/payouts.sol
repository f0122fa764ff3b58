// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

contract Payouts {
    address public owner = msg.sender;
    address public implementation;

    function dropped(address payable to) external {
        to.send(1 wei); // @expect unchecked-low-level-call
    }

    function droppedCall(address to, bytes calldata data) external {
        to.call(data); // @expect unchecked-low-level-call
    }

    function storedNeverRead(address to) external {
        (bool ok, ) = to.call{value: 1}(""); // @expect unchecked-low-level-call
    }

    function delegated(bytes calldata data) external {
        require(msg.sender == owner);
        implementation.delegatecall(data); // @expect unchecked-low-level-call
    }

    function checkedRequire(address payable to) external {
        require(to.send(1 wei), "send failed");
    }

    function checkedLater(address to) external {
        (bool ok, ) = to.call("");
        if (!ok) revert("call failed");
    }

    function returned(address to) external returns (bool) {
        (bool success, ) = to.call("");
        return success;
    }

    function transferReverts(address payable to) external {
        to.transfer(1 wei);
    }
}
