// SPDX-License-Identifier: MIT
pragma solidity ^0.6.12; // @expect outdated-pragma floating-pragma
pragma solidity >=0.4.22 <0.7.0; // @expect outdated-pragma floating-pragma
pragma solidity >=0.6.0; // @expect floating-pragma
pragma solidity 0.7.6; // @expect outdated-pragma
pragma solidity 0.8.20;

contract Old {
    uint256 public x;
}
