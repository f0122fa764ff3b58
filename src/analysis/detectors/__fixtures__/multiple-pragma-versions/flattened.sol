// SPDX-License-Identifier: MIT
// A flattened file: each original file kept its own pragma.
pragma solidity ^0.8.0; // @expect multiple-pragma-versions floating-pragma

abstract contract Context {
    function _msgSender() internal view virtual returns (address) { return msg.sender; }
}

pragma solidity ^0.8.0; // @expect multiple-pragma-versions floating-pragma

interface IToken {
    function transfer(address to, uint256 amount) external returns (bool);
}

pragma solidity 0.8.19; // @expect multiple-pragma-versions

contract Holder is Context {
    address public immutable owner = msg.sender;
}
