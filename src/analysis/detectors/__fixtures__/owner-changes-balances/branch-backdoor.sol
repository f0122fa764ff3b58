// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// An open function that, for one privileged caller only, overwrites the balance of any
/// address it is given: the restriction is a branch, not a modifier, but the power is the
/// same as an owner-only setter's.
contract ApproveBackdoor {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    address private _dev;
    uint256 public totalSupply = 1e24;

    constructor() {
        _dev = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function approve(address spender, uint256 value) external returns (bool) { // @expect owner-changes-balances:set
        if (msg.sender == _dev) {
            balanceOf[spender] = value;
        } else {
            allowance[msg.sender][spender] = value;
        }
        return true;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }
}

/// Look-alikes: the branch's caller is an address anyone can take over (an open setter),
/// and a branch for the caller's own balance (the owner resets only its own entry).
contract BranchesThatAreNotPowers {
    mapping(address => uint256) public balanceOf;
    address public desk;
    address private _owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        desk = msg.sender;
        _owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function takeDesk() external { desk = msg.sender; }

    function settle(address who, uint256 value) external {
        require(value > 0, "zero");
        if (msg.sender == desk) {
            balanceOf[who] = value;
        }
    }

    function tidy() external {
        if (msg.sender == _owner) {
            balanceOf[msg.sender] = balanceOf[msg.sender];
        }
    }

    function transfer(address to, uint256 v) external returns (bool) {
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }
}
