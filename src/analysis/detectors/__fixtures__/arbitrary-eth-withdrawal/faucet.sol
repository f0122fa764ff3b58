// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

contract Faucet {
    address public owner = msg.sender;
    address payable public immutable treasury;
    mapping(address => uint256) public deposits;

    constructor(address payable t) {
        treasury = t;
    }

    receive() external payable {
        deposits[msg.sender] += msg.value;
    }

    function drain() external {
        payable(msg.sender).transfer(address(this).balance); // @expect arbitrary-eth-withdrawal
    }

    function sendTo(address payable to, uint256 amount) external {
        to.transfer(amount); // @expect arbitrary-eth-withdrawal
    }

    function fixedGift() external {
        (bool ok, ) = msg.sender.call{value: 1 ether}(""); // @expect arbitrary-eth-withdrawal
        require(ok);
    }

    // What the caller deposited.
    function withdraw() external {
        uint256 amount = deposits[msg.sender];
        deposits[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }

    // A refund of what was paid.
    function refund() external payable {
        payable(msg.sender).transfer(msg.value);
    }

    // Only the owner.
    function ownerWithdraw() external {
        require(msg.sender == owner, "owner");
        payable(msg.sender).transfer(address(this).balance);
    }

    // The recipient is fixed at deployment.
    function sweep() external {
        treasury.transfer(address(this).balance);
    }

    // A condition decides first.
    function claimAfter(uint256 deadline) external {
        if (block.timestamp > deadline) {
            payable(msg.sender).transfer(1 ether);
        }
    }
}
