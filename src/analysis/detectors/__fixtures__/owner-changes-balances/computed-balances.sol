// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// Balances computed from a factor the owner can set: a reflection token's total and a
/// rebase factor. Changing the factor moves every holder's balance at once.
contract ReflectionRate {
    mapping(address => uint256) private _rOwned;
    uint256 private constant MAX = ~uint256(0);
    uint256 private _tTotal = 1e27;
    uint256 private _rTotal = (MAX - (MAX % _tTotal));
    address private _owner;

    constructor() { _owner = msg.sender; _rOwned[msg.sender] = _rTotal; }

    function totalSupply() external view returns (uint256) { return _tTotal; }
    function balanceOf(address a) public view returns (uint256) { return _rOwned[a] / _rate(); }
    function _rate() private view returns (uint256) { return _rTotal / _tTotal; }

    function rebalance(uint256 r) external { // @expect owner-changes-balances:scale
        require(msg.sender == _owner, "owner");
        _rTotal = r;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        uint256 r = v * _rate();
        _rOwned[msg.sender] -= r;
        _rOwned[to] += r;
        return true;
    }
}

contract RebaseFactor {
    mapping(address => uint256) private _gons;
    uint256 private _gonsPerFragment = 1e6;
    uint256 public totalSupply = 1e24;
    address private _owner;

    constructor() { _owner = msg.sender; _gons[msg.sender] = totalSupply * _gonsPerFragment; }

    function balanceOf(address a) external view returns (uint256) { return _gons[a] / _gonsPerFragment; }

    function setFactor(uint256 f) external { // @expect owner-changes-balances:scale
        require(msg.sender == _owner, "owner");
        _gonsPerFragment = f;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        _gons[msg.sender] -= v * _gonsPerFragment;
        _gons[to] += v * _gonsPerFragment;
        return true;
    }
}

/// Look-alikes: the factor moves only with transfers (a reflection fee), and the owner's
/// setter writes a number balanceOf never reads.
contract ReflectionFeeOnly {
    mapping(address => uint256) private _rOwned;
    uint256 private constant MAX = ~uint256(0);
    uint256 private _tTotal = 1e27;
    uint256 private _rTotal = (MAX - (MAX % _tTotal));
    uint256 public swapThreshold = 1e21;
    address private _owner;

    constructor() { _owner = msg.sender; _rOwned[msg.sender] = _rTotal; }

    function balanceOf(address a) public view returns (uint256) { return _rOwned[a] / (_rTotal / _tTotal); }

    function setSwapThreshold(uint256 t) external {
        require(msg.sender == _owner, "owner");
        swapThreshold = t;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        uint256 rate = _rTotal / _tTotal;
        uint256 fee = v / 100;
        _rOwned[msg.sender] -= v * rate;
        _rOwned[to] += (v - fee) * rate;
        _rTotal -= fee * rate;
        return true;
    }
}
