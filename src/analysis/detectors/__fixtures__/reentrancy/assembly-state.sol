// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

// Balances kept through assembly are state like any other: a write after the call re-enters.
contract AsmVault {
    mapping(address => uint256) private credit;

    function deposit() external payable {
        credit[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = credit[msg.sender];
        (bool ok, ) = msg.sender.call{value: amount}(""); // @expect reentrancy:reentrancy
        require(ok, "send");
        assembly {
            mstore(0, caller())
            mstore(32, credit.slot)
            sstore(keccak256(0, 64), 0)
        }
    }

    // Look-alike: the slot is cleared before the call.
    function withdrawFirst() external {
        uint256 amount = credit[msg.sender];
        assembly {
            mstore(0, caller())
            mstore(32, credit.slot)
            sstore(keccak256(0, 64), 0)
        }
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send");
    }
}
