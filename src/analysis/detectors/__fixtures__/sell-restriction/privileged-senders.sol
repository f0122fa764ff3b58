// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

interface IFactory { function createPair(address a, address b) external returns (address); }
interface IRouter { function factory() external view returns (address); function WETH() external view returns (address); }

/// Every transfer must come from the pair (a buy) or from the owner: holders can buy, never sell.
contract OnlyOwnerSends {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    address public owner;
    address public pair;

    constructor(IRouter router) {
        owner = msg.sender;
        pair = IFactory(router.factory()).createPair(address(this), router.WETH());
        balanceOf[msg.sender] = 1e24;
    }

    function transfer(address to, uint256 v) external returns (bool) { _transfer(msg.sender, to, v); return true; }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        allowance[from][msg.sender] -= v;
        _transfer(from, to, v);
        return true;
    }

    function _transfer(address from, address to, uint256 v) internal {
        require(from == owner || from == pair, "hold"); // @expect sell-restriction:holders
        balanceOf[from] -= v;
        balanceOf[to] += v;
    }
}

/// The same rule behind a check on the transaction's origin, in a helper whose whole body is one `if`.
contract OriginHelper {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    address private _dev;
    address public lp;

    constructor(IRouter router) {
        _dev = msg.sender;
        lp = IFactory(router.factory()).createPair(address(this), router.WETH());
        balanceOf[msg.sender] = 1e24;
    }

    function transfer(address to, uint256 v) external returns (bool) { _move(msg.sender, to, v); return true; }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        allowance[from][msg.sender] -= v;
        _move(from, to, v);
        return true;
    }

    function _move(address from, address to, uint256 v) internal {
        _screen(from);
        balanceOf[from] -= v;
        balanceOf[to] += v;
    }

    function _screen(address from) internal view {
        if (from != lp) require(tx.origin == _dev, "screened"); // @expect sell-restriction:holders
    }
}
