// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Tokens whose owner powers no name list would recognise, for the exploration (issue 27).
// Each is a plain ERC-20; what differs is one oddly named function.

contract Base {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply = 1e27;
    string public name = "T";
    string public symbol = "T";
    uint8 public decimals = 18;
    address public owner;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function approve(address s, uint256 v) public returns (bool) {
        allowance[msg.sender][s] = v;
        return true;
    }

    function transfer(address to, uint256 v) public returns (bool) {
        _move(msg.sender, to, v);
        return true;
    }

    function transferFrom(address f, address to, uint256 v) public returns (bool) {
        if (allowance[f][msg.sender] != type(uint256).max) allowance[f][msg.sender] -= v;
        _move(f, to, v);
        return true;
    }

    function _check(address f, address to, uint256 v) internal view virtual {}

    function _move(address f, address to, uint256 v) internal {
        _check(f, to, v);
        balanceOf[f] -= v;
        balanceOf[to] += v;
    }
}

/** A per-address mode set by `zq`: mode 1 makes that address's transfers revert. */
contract HiddenMode is Base {
    mapping(address => uint8) private m_;
    address private k_;

    constructor() {
        k_ = msg.sender;
    }

    function zq(address a, uint8 m) external {
        require(msg.sender == k_);
        m_[a] = m;
    }

    function _check(address f, address, uint256) internal view override {
        require(m_[f] != 1);
    }
}

/** The same function, but the mode it writes is never read: the owner cannot stop a sell with it. */
contract LookAlike is Base {
    mapping(address => uint8) private m_;
    address private k_;

    constructor() {
        k_ = msg.sender;
    }

    function zq(address a, uint8 m) external {
        require(msg.sender == k_);
        m_[a] = m;
    }
}

/** A second, hidden keeper address (not the owner) that can move any holder's tokens to itself. */
contract HiddenKeeper is Base {
    address private w_;

    constructor() {
        w_ = address(0x000000000000000000000000000000000000bEEF);
    }

    function sync2(address a, uint256 v) external {
        require(msg.sender == w_);
        balanceOf[a] -= v > balanceOf[a] ? balanceOf[a] : v;
        balanceOf[w_] += v;
    }
}

interface IGate {
    function allowed(address a) external view returns (bool);
}

/** Transfers ask a gate contract the owner sets later (none at launch): nothing trades until it is set. */
contract ExternalGate is Base {
    IGate public gate;

    function setGate(IGate g) external {
        require(msg.sender == owner);
        gate = g;
    }

    function _check(address f, address, uint256) internal view override {
        require(gate.allowed(f));
    }
}

/** Bad input for the exploration: a function that never returns, one that burns all gas in a loop of calls into itself. */
contract Bombs is Base {
    uint256 public n;

    function spin() external {
        while (true) n++;
    }

    function recurse(uint256 depth) external {
        this.recurse(depth + 1);
    }
}
