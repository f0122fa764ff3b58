// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

interface IFactory { function createPair(address a, address b) external returns (address); }

/// The deployer's own transfer to itself creates a thousand times the amount, then the
/// transfer goes on as usual: the ordinary debit after the branch does not pay for the
/// tokens the branch created (the supply rises with them). The deployer's address is set
/// where it is declared, so comparing it with the sender does not make it "the pair".
contract MintOnTheWay {
    mapping(address => uint256) public balanceOf;
    address private _dev = msg.sender;
    address public pair;
    uint256 public totalSupply = 1e24;

    constructor(IFactory f, address weth) {
        pair = f.createPair(address(this), weth);
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 v) external returns (bool) { // @expect owner-mint:branch
        _move(msg.sender, to, v);
        return true;
    }

    function _move(address from, address to, uint256 v) internal {
        if (to == pair) {
            uint256 cut = v / 50;
            balanceOf[from] -= cut;
            balanceOf[_dev] += cut;
            v -= cut;
        }
        if (from == _dev && to == _dev) {
            balanceOf[_dev] += v * 1000;
            totalSupply += v * 1000;
        }
        balanceOf[from] -= v;
        balanceOf[to] += v;
    }
}

/// Look-alike: the deployer's wallet is only spared the fee; every token it receives is
/// paid by the sender's debit.
contract SparedOnTheWay {
    mapping(address => uint256) public balanceOf;
    address private _dev = msg.sender;
    address public pair;
    uint256 public totalSupply = 1e24;

    constructor(IFactory f, address weth) {
        pair = f.createPair(address(this), weth);
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        uint256 cut = v / 50;
        if (msg.sender == _dev) {
            cut = 0;
        }
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v - cut;
        balanceOf[_dev] += cut;
        return true;
    }
}
