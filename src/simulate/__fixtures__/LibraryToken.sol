// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A token whose transfers call a public library function: its bytecode holds a link
// placeholder until the library is deployed and its address written in.
library Ledger {
    function move(mapping(address => uint256) storage b, address f, address t, uint256 v) public {
        b[f] -= v;
        b[t] += v;
    }
}

contract LibraryToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply = 1e27;
    uint8 public decimals = 18;

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function approve(address s, uint256 v) public returns (bool) {
        allowance[msg.sender][s] = v;
        return true;
    }

    function transfer(address to, uint256 v) public returns (bool) {
        Ledger.move(balanceOf, msg.sender, to, v);
        return true;
    }

    function transferFrom(address f, address to, uint256 v) public returns (bool) {
        if (allowance[f][msg.sender] != type(uint256).max) allowance[f][msg.sender] -= v;
        Ledger.move(balanceOf, f, to, v);
        return true;
    }
}
