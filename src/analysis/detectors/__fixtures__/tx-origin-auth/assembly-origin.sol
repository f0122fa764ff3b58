// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

// `origin()` in inline assembly is tx.origin: a revert guard comparing it with the keeper authorises by it.
contract AsmOriginWallet {
    address private keeper;

    constructor() {
        keeper = msg.sender;
    }

    function sweep(address payable to) external {
        assembly {
            if iszero(eq(origin(), sload(keeper.slot))) { // @expect tx-origin-auth
                revert(0, 0)
            }
        }
        to.transfer(address(this).balance);
    }

    // Look-alike: comparing origin() with caller() only tells an account from a contract.
    function sweepDirect(address payable to) external {
        assembly {
            if iszero(eq(origin(), caller())) {
                revert(0, 0)
            }
            if iszero(eq(caller(), sload(keeper.slot))) {
                revert(0, 0)
            }
        }
        to.transfer(address(this).balance);
    }
}
