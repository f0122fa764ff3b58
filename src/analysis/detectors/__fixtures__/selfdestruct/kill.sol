// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

contract Killable {
    address public immutable owner = msg.sender;

    function destroy() external {
        require(msg.sender == owner, "only owner");
        selfdestruct(payable(owner)); // @expect selfdestruct
    }

    // Named like it, does something else.
    function selfDestructTimer() external view returns (uint256) {
        return block.timestamp;
    }
}
