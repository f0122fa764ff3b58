// SPDX-License-Identifier: MIT
pragma solidity >=0.8.4 <0.9.0;

import "@openzeppelin/contracts-v4/utils/math/SafeMath.sol";

contract Vault {
    using SafeMath for uint256; // @expect safe-math redundant-safe-math

    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] = deposits[msg.sender].add(msg.value);
    }
}

contract Counter {
    uint256 public count;

    function increment() external {
        count += 1;
    }
}
